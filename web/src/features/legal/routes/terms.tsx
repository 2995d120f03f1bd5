import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useDocumentHead } from '@/lib/document-meta';
import { legalHead } from '@/lib/page-head/pages';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { PROHIBITED_CONTENT } from '#shared/prohibited-content';

const TERMS_UPDATED_ON = '29 de julio de 2025';

const sections: readonly LegalSection[] = [
  {
    id: 'naturaleza-del-servicio',
    title: 'Naturaleza del servicio',
    body: (
      <>
        <p>
          Mercado Universitario es una plataforma tecnológica de contacto que permite a los miembros de las
          comunidades universitarias venezolanas publicar productos y servicios, y comunicarse entre sí para
          concretar compras y ventas. La plataforma se limita a facilitar ese contacto.
        </p>
        <p>En consecuencia, Mercado Universitario:</p>
        <ul>
          <li>
            no actúa como intermediario de pagos ni recibe, custodia o transfiere dinero entre los usuarios;
          </li>
          <li>no realiza envíos, entregas ni traslados de los productos publicados;</li>
          <li>
            no garantiza la calidad, el estado, la legalidad, la seguridad ni la veracidad de la descripción
            de los productos o servicios ofrecidos;
          </li>
          <li>no garantiza la identidad, la solvencia ni la buena fe de los usuarios.</li>
        </ul>
        <p>
          Toda negociación, pago, entrega y eventual reclamo se acuerda directamente entre el comprador y el
          vendedor, quienes asumen en forma exclusiva la responsabilidad por sus actos, por la información que
          publican y por las operaciones que celebran. Recomendamos concretar las entregas dentro del campus,
          en lugares concurridos y a plena luz del día, y verificar el producto antes de pagar.
        </p>
      </>
    ),
  },
  {
    id: 'elegibilidad',
    title: 'Elegibilidad',
    body: (
      <>
        <p>Para registrarse y usar las funciones que requieren una cuenta, el usuario debe:</p>
        <ul>
          <li>ser una persona natural mayor de dieciocho (18) años;</li>
          <li>
            ser estudiante activo, profesor o personal de una de las universidades afiliadas a la plataforma;
          </li>
          <li>contar con un correo electrónico institucional válido de dicha universidad.</li>
        </ul>
        <p>
          El usuario se obliga a suministrar datos veraces, exactos y completos al registrarse, y a
          mantenerlos actualizados. Cada cuenta es personal e intransferible; su titular es responsable de
          resguardar su contraseña y de toda actividad realizada desde ella. Mercado Universitario podrá
          suspender las cuentas creadas con información falsa o que ya no cumplan estos requisitos.
        </p>
      </>
    ),
  },
  {
    id: 'contenido-prohibido',
    title: 'Contenido prohibido',
    body: (
      <>
        <p>
          Está prohibido publicar, ofrecer, solicitar o promocionar, por cualquier medio de la plataforma
          (publicaciones, imágenes, preguntas o respuestas), el siguiente contenido:
        </p>
        <ul>
          {PROHIBITED_CONTENT.map((item) => (
            <li key={item.id}>
              <strong>{item.label}:</strong> {item.description}
            </li>
          ))}
        </ul>
        <p>
          Esta lista es enunciativa y no taxativa: también se prohíbe cualquier contenido contrario a la
          legislación venezolana, a las buenas costumbres o a los reglamentos de la universidad del usuario.
        </p>
      </>
    ),
  },
  {
    id: 'moderacion',
    title: 'Moderación y sanciones',
    body: (
      <>
        <p>
          Las publicaciones pueden ser revisadas de forma automática antes de publicarse y por el equipo de
          administración en cualquier momento, de oficio o a partir de los reportes de otros usuarios. Ante un
          incumplimiento de estos términos, Mercado Universitario podrá aplicar, según la gravedad y la
          reincidencia, las siguientes medidas:
        </p>
        <ul>
          <li>eliminar o desactivar el contenido infractor, sin necesidad de aviso previo;</li>
          <li>enviar una advertencia al usuario responsable;</li>
          <li>suspender la cuenta de forma temporal;</li>
          <li>suspender la cuenta de forma definitiva;</li>
          <li>
            notificar a las autoridades competentes y a la universidad correspondiente cuando los hechos
            puedan constituir un delito, y colaborar con ellas en lo que la ley exija.
          </li>
        </ul>
        <p>
          Cualquier usuario puede reportar una publicación que considere contraria a estos términos. Los
          reportes se atienden con criterios objetivos y el uso abusivo de esta herramienta también podrá ser
          sancionado.
        </p>
      </>
    ),
  },
  {
    id: 'limitacion-de-responsabilidad',
    title: 'Limitación de responsabilidad',
    body: (
      <>
        <p>
          La plataforma se ofrece «tal como está» y «según disponibilidad». En la máxima medida permitida por
          la ley, Mercado Universitario, sus administradores y las universidades afiliadas no serán
          responsables por:
        </p>
        <ul>
          <li>los daños o pérdidas derivados de las operaciones acordadas entre usuarios;</li>
          <li>
            la calidad, el estado, la legalidad o la entrega de los productos y servicios, ni la falta de
            pago;
          </li>
          <li>la conducta, en línea o fuera de ella, de cualquier usuario;</li>
          <li>
            las interrupciones, los errores o la pérdida de información causados por fallas técnicas,
            mantenimiento o hechos ajenos a su control.
          </li>
        </ul>
        <p>
          El usuario se compromete a mantener indemne a Mercado Universitario frente a cualquier reclamo de
          terceros que se origine en su contenido o en el incumplimiento de estos términos.
        </p>
      </>
    ),
  },
  {
    id: 'ley-aplicable',
    title: 'Ley aplicable y jurisdicción',
    body: (
      <>
        <p>
          Estos términos se rigen por las leyes de la República Bolivariana de Venezuela. Toda controversia
          que surja de su interpretación o aplicación se someterá a los tribunales competentes de la ciudad de
          Caracas, a cuya jurisdicción las partes se someten expresamente, sin perjuicio de los derechos que
          la ley reconozca a los usuarios.
        </p>
        <p>
          Mercado Universitario podrá modificar estos términos. Los cambios se publicarán en esta página con
          su nueva fecha de actualización, y el uso continuado de la plataforma después de su publicación
          implica su aceptación.
        </p>
      </>
    ),
  },
  {
    id: 'contacto',
    title: 'Contacto',
    body: (
      <p>
        Para cualquier consulta, reclamo o solicitud relacionada con estos términos, el usuario puede
        comunicarse con el equipo de Mercado Universitario a través del sistema de soporte de la plataforma.
        Consulte también nuestra <Link to={paths.privacy.getHref()}>Política de Privacidad</Link>.
      </p>
    ),
  },
];

export function Component() {
  useDocumentHead((ctx) => legalHead('terms', ctx));
  return (
    <LegalDocument
      title="Términos y Condiciones"
      updatedOn={TERMS_UPDATED_ON}
      intro={
        <p>
          Bienvenido a Mercado Universitario. Estos Términos y Condiciones regulan el acceso y el uso de la
          plataforma. Al navegar, registrarse o publicar en ella, el usuario declara haberlos leído y
          aceptarlos en su totalidad. Si no está de acuerdo con ellos, debe abstenerse de usar la plataforma.
        </p>
      }
      sections={sections}
    />
  );
}
