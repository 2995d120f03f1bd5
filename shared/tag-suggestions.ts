import type { PUBLISH_CATEGORIES } from './enums';

/**
 * Tag suggestions of the publishing form, per category (spec: 8 shown, the rest expandable).
 * Lower-case, as tags are stored; what students of these universities search for.
 */
export const TAG_SUGGESTIONS: Record<(typeof PUBLISH_CATEGORIES)[number], readonly string[]> = {
  ropa: ['camisa', 'pantalón', 'vestido', 'zapatos', 'chaqueta', 'bata de laboratorio', 'uniforme', 'talla m', 'talla s', 'talla l', 'deportiva', 'accesorios'],
  libros: ['cálculo', 'física', 'química', 'derecho', 'medicina', 'economía', 'programación', 'inglés', 'guía de estudio', 'apuntes', 'novela', 'edición reciente'],
  electronica: ['laptop', 'calculadora', 'teléfono', 'tablet', 'audífonos', 'cargador', 'mouse', 'teclado', 'monitor', 'disco duro', 'impresora', 'casio'],
  muebles: ['escritorio', 'silla', 'estante', 'cama', 'colchón', 'lámpara', 'mesa', 'closet', 'organizador', 'residencia', 'sofá', 'ventilador'],
  musica: ['guitarra', 'cuatro', 'teclado musical', 'violín', 'flauta', 'amplificador', 'micrófono', 'partituras', 'cuerdas', 'ukelele', 'batería', 'clases'],
  transporte: ['bicicleta', 'moto', 'casco', 'patineta', 'repuestos', 'cauchos', 'candado', 'cola', 'carpool', 'scooter', 'accesorios', 'mantenimiento'],
  servicios: ['clases particulares', 'tutorías', 'diseño gráfico', 'fotografía', 'traducción', 'reparación de laptops', 'corte de cabello', 'transcripción', 'edición de video', 'programación', 'mudanzas', 'impresiones'],
  otros: ['material de laboratorio', 'útiles', 'arte', 'deporte', 'juegos de mesa', 'decoración', 'plantas', 'cocina', 'regalos', 'coleccionables', 'mascotas', 'varios'],
};
