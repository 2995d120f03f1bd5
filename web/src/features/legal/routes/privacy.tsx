import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useDocumentHead } from '@/lib/document-meta';
import { legalHead } from '@/lib/page-head/pages';
import { LegalDocument, type LegalSection } from '../components/legal-document';

const PRIVACY_UPDATED_ON = '29 de julio de 2025';

const sections: readonly LegalSection[] = [
  {
    id: 'datos-que-recopilamos',
    title: 'Datos que recopilamos',
    body: (
      <>
        <p>Recopilamos únicamente los datos necesarios para prestar el servicio:</p>
        <ul>
          <li>
            <strong>Datos de registro:</strong> nombre completo, correo electrónico institucional, número de
            cédula de identidad y universidad a la que pertenece el usuario.
          </li>
          <li>
            <strong>Datos de uso:</strong> los productos que el usuario publica (incluidas sus imágenes y, si
            lo indica, su número de WhatsApp), los productos que visualiza y los que guarda como favoritos.
          </li>
          <li>
            <strong>Mensajes:</strong> las preguntas, respuestas y reportes que el usuario envía a través de
            la plataforma.
          </li>
          <li>
            <strong>Datos de navegación:</strong> información técnica como la dirección IP, el tipo de
            dispositivo y de navegador, y la fecha y hora de acceso, que se registran para la operación y la
            seguridad del servicio.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'uso-de-los-datos',
    title: 'Cómo usamos sus datos',
    body: (
      <>
        <p>Utilizamos los datos personales para:</p>
        <ul>
          <li>
            crear y administrar la cuenta, y verificar que el usuario pertenece a una universidad afiliada;
          </li>
          <li>
            mostrar sus publicaciones a la comunidad de su universidad y permitir que los compradores lo
            contacten;
          </li>
          <li>personalizar la experiencia, por ejemplo, con los productos vistos recientemente;</li>
          <li>moderar el contenido, atender los reportes y prevenir el fraude y el abuso;</li>
          <li>
            enviar comunicaciones necesarias del servicio, como códigos de verificación y avisos de seguridad;
          </li>
          <li>cumplir las obligaciones legales aplicables.</li>
        </ul>
        <p>No utilizamos sus datos con fines publicitarios ni los vendemos a terceros.</p>
      </>
    ),
  },
  {
    id: 'datos-compartidos',
    title: 'Con quién compartimos sus datos',
    body: (
      <>
        <p>Sus datos solo se comparten en los siguientes casos:</p>
        <ul>
          <li>
            <strong>Con otros usuarios:</strong> el nombre del vendedor, su universidad y sus publicaciones
            son visibles para quienes navegan la plataforma; el número de WhatsApp solo se usa para que un
            usuario registrado contacte al vendedor. El correo electrónico y la cédula de identidad nunca se
            muestran públicamente.
          </li>
          <li>
            <strong>Con proveedores de servicios:</strong> empresas que alojan la plataforma y prestan
            servicios técnicos (almacenamiento, envío de correos, moderación automática), que tratan los datos
            solo por nuestra cuenta y bajo obligaciones de confidencialidad.
          </li>
          <li>
            <strong>Con las autoridades:</strong> cuando lo exija la ley, una orden judicial o la protección
            de los derechos y la seguridad de los usuarios.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'seguridad',
    title: 'Seguridad de la información',
    body: (
      <p>
        Aplicamos medidas técnicas y organizativas razonables para proteger sus datos: conexiones cifradas,
        contraseñas que no se almacenan en texto legible, acceso restringido a la información y registros de
        actividad. Ningún sistema es completamente invulnerable; por ello, le pedimos que use una contraseña
        robusta, que no la comparta y que nos avise si detecta un uso no autorizado de su cuenta.
      </p>
    ),
  },
  {
    id: 'conservacion',
    title: 'Conservación de los datos',
    body: (
      <p>
        Conservamos sus datos mientras su cuenta permanezca activa. Cuando el usuario elimina su cuenta, o lo
        solicita, suprimimos o anonimizamos sus datos personales en un plazo razonable, salvo aquellos que
        debamos conservar por obligación legal o para resolver reclamos pendientes. Las publicaciones que el
        usuario elimina dejan de mostrarse de inmediato.
      </p>
    ),
  },
  {
    id: 'derechos',
    title: 'Sus derechos',
    body: (
      <>
        <p>En relación con sus datos personales, el usuario tiene derecho a:</p>
        <ul>
          <li>
            <strong>Acceder</strong> a los datos que tenemos sobre él;
          </li>
          <li>
            <strong>Rectificar</strong> los datos inexactos o incompletos;
          </li>
          <li>
            <strong>Eliminar</strong> sus datos y su cuenta;
          </li>
          <li>
            <strong>Oponerse</strong> a determinados usos de sus datos;
          </li>
          <li>
            <strong>Obtener una copia</strong> de sus datos en un formato de uso común.
          </li>
        </ul>
        <p>
          Puede ejercer estos derechos desde la configuración de su cuenta o a través del sistema de soporte
          de la plataforma. Responderemos su solicitud en un plazo razonable.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies y almacenamiento local',
    body: (
      <>
        <p>
          La plataforma no utiliza cookies publicitarias ni herramientas de rastreo de terceros. Utiliza el
          almacenamiento local de su navegador para recordar:
        </p>
        <ul>
          <li>la universidad que seleccionó;</li>
          <li>sus últimas cinco búsquedas;</li>
          <li>los últimos diez productos que visitó;</li>
          <li>su sesión, cuando inicia sesión.</li>
        </ul>
        <p>
          Estos datos permanecen en su dispositivo. Puede borrarlos en cualquier momento desde la
          configuración de su navegador; en ese caso, la plataforma le pedirá de nuevo que elija su
          universidad.
        </p>
      </>
    ),
  },
  {
    id: 'menores-de-edad',
    title: 'Menores de edad',
    body: (
      <p>
        La plataforma no está dirigida a menores de dieciocho (18) años y no recopilamos conscientemente sus
        datos. Si tenemos conocimiento de que un menor ha creado una cuenta, la eliminaremos junto con sus
        datos.
      </p>
    ),
  },
  {
    id: 'cambios',
    title: 'Cambios a esta política',
    body: (
      <p>
        Podemos actualizar esta Política de Privacidad para reflejar cambios en el servicio o en la
        legislación. Publicaremos la nueva versión en esta página con su fecha de actualización y, si los
        cambios son importantes, lo informaremos también dentro de la plataforma.
      </p>
    ),
  },
  {
    id: 'contacto',
    title: 'Contacto',
    body: (
      <p>
        Para cualquier pregunta sobre esta política o sobre el tratamiento de sus datos, comuníquese con
        nosotros a través del sistema de soporte de la plataforma. Consulte también nuestros{' '}
        <Link to={paths.terms.getHref()}>Términos y Condiciones</Link>.
      </p>
    ),
  },
];

export function Component() {
  useDocumentHead((ctx) => legalHead('privacy', ctx));
  return (
    <LegalDocument
      title="Política de Privacidad"
      updatedOn={PRIVACY_UPDATED_ON}
      intro={
        <p>
          En Mercado Universitario respetamos su privacidad. Esta política explica qué datos personales
          recopilamos, para qué los usamos, con quién los compartimos y cómo puede ejercer sus derechos sobre
          ellos.
        </p>
      }
      sections={sections}
    />
  );
}
