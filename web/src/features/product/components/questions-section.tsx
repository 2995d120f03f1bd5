import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { QUESTION_MESSAGES } from '#shared/question-messages';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { usePushOffer } from '@/lib/push/use-push';
import { useSession } from '@/lib/session';
import { useAnswerQuestion } from '../api/answer-question';
import { useAskQuestion } from '../api/ask-question';
import { useDeleteQuestion } from '../api/delete-question';
import { type QuestionsData, useQuestions } from '../api/get-questions';
import { formatDate } from '../format';
import { CommentForm } from './comment-form';
import '../questions.css';

type Question = QuestionsData['items'][number];

/**
 * What a refused write tells the person: the spec's title for a moderation refusal ('Pregunta
 * rechazada' / 'Respuesta rechazada', with the reason), a moderator failure ('Error de moderación'),
 * or the send failure of its kind with the API's message. `field` is shown under the box.
 */
function describeFailure(
  error: unknown,
  kind: 'question' | 'answer',
): { title: string; description?: string; field: string | null } {
  const rejected =
    kind === 'question' ? QUESTION_MESSAGES.questionRejected : QUESTION_MESSAGES.answerRejected;
  const failed = kind === 'question' ? QUESTION_MESSAGES.askFailed : QUESTION_MESSAGES.answerFailed;
  if (!(error instanceof ApiError)) return { title: failed, field: null };
  // 422: the moderator refused it; 400: the server's own quick check did (the form's was skipped).
  if (error.code === 'content_rejected' || error.status === 400)
    return { title: rejected, description: error.message, field: error.message };
  if (error.code === 'moderation_error')
    return { title: QUESTION_MESSAGES.moderationError, description: error.message, field: null };
  return { title: failed, description: error.status === 0 ? undefined : error.message, field: null };
}

/**
 * Sends a question or an answer from its form: a success toast, or the failure's toast and the
 * message under the box. Resolves true when it was saved (the form then clears).
 */
function useCommentSender(
  kind: 'question' | 'answer',
  sentTitle: string,
  write: (text: string) => Promise<unknown>,
): { send: (text: string) => Promise<boolean>; fieldError: string | null } {
  const { toast } = useToast();
  const offerPush = usePushOffer();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const send = async (text: string) => {
    setFieldError(null);
    try {
      await write(text);
      // A buyer who asked waits for the answer: push tells them at once (issue 41).
      if (kind === 'question')
        offerPush({ title: sentTitle }, 'Activa las notificaciones para saber cuándo te respondan.');
      else toast({ title: sentTitle });
      return true;
    } catch (err) {
      const failure = describeFailure(err, kind);
      setFieldError(failure.field);
      toast({ title: failure.title, description: failure.description, variant: 'destructive' });
      return false;
    }
  };
  return { send, fieldError };
}

/**
 * 'Preguntas y respuestas' on the product page (a lazy chunk of its own): the questions oldest
 * first, each with its answer or 'Esperando respuesta del vendedor...'; the ask form for a signed-in
 * buyer, a note leading to /login (and back) for a visitor; the seller answers under each
 * unanswered question; the asker deletes their own after confirming.
 */
export function QuestionsSection({ productId }: { productId: number }) {
  const questions = useQuestions(productId);
  const session = useSession();
  const data = questions.data;

  return (
    <section className="section product-section questions" aria-labelledby="questions-title">
      <h2 id="questions-title" className="section__title">
        Preguntas y respuestas
      </h2>
      {questions.isPending ? (
        <QuestionsSkeleton />
      ) : questions.isError || !data ? (
        <div className="questions__note" role="alert">
          <p>No se pudieron cargar las preguntas.</p>
          <Button variant="outline" size="sm" onClick={() => questions.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : (
        <>
          <AskArea productId={productId} data={data} signedIn={session.status === 'signed-in'} />
          {data.items.length === 0 ? (
            <p className="muted questions__empty">Aún no hay preguntas sobre este producto.</p>
          ) : (
            <ol className="questions__list" aria-label="Preguntas">
              {data.items.map((q) => (
                <QuestionItem key={q.id} productId={productId} question={q} />
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

function QuestionsSkeleton() {
  return (
    <div className="questions__list" aria-busy="true">
      <span className="visually-hidden" role="status">
        Cargando preguntas...
      </span>
      <Skeleton className="skeleton--text" />
      <Skeleton className="skeleton--text skeleton--short" />
    </div>
  );
}

function AskArea({
  productId,
  data,
  signedIn,
}: {
  productId: number;
  data: QuestionsData;
  signedIn: boolean;
}) {
  const location = useLocation();
  const ask = useAskQuestion(productId);
  const { send, fieldError } = useCommentSender('question', 'Pregunta enviada', (text) =>
    ask.mutateAsync(text),
  );

  if (data.is_seller)
    return (
      <p className="questions__note muted">
        Esta es tu publicación: responde aquí las preguntas de los compradores.
      </p>
    );
  if (data.closed_reason) return <p className="questions__note muted">{data.closed_reason}</p>;
  if (!signedIn)
    return (
      <p className="questions__note">
        Debes iniciar sesión para hacer una pregunta.{' '}
        <Link to={paths.login.getHref(`${location.pathname}${location.search}`)}>Iniciar sesión</Link>
      </p>
    );
  if (!data.can_ask) return null;

  return (
    <CommentForm
      className="questions__ask"
      label="Pregunta al vendedor"
      placeholder="Escribe tu pregunta sobre el producto..."
      submitLabel="Preguntar"
      busyLabel="Enviando..."
      busy={ask.isPending}
      error={fieldError}
      onSend={send}
    />
  );
}

function QuestionItem({ productId, question }: { productId: number; question: Question }) {
  const answer = useAnswerQuestion(productId);
  const remove = useDeleteQuestion(productId);
  const { toast } = useToast();
  const { send: sendAnswer, fieldError } = useCommentSender('answer', 'Respuesta enviada', (text) =>
    answer.mutateAsync({ questionId: question.id, text }),
  );
  const [confirming, setConfirming] = useState(false);
  const askedOn = formatDate(question.created_at);

  // The promise, not mutate's callbacks: the item leaves the list (and unmounts) as it succeeds.
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(question.id);
      toast({ title: 'Pregunta eliminada' });
    } catch (err) {
      setConfirming(false);
      toast({
        title: QUESTION_MESSAGES.deleteFailed,
        description: err instanceof ApiError && err.status !== 0 ? err.message : undefined,
        variant: 'destructive',
      });
    }
  };

  return (
    <li className="question">
      <p className="question__meta">
        <span className="question__author">{question.asker_name}</span>
        {askedOn && (
          <>
            {' · '}
            <time dateTime={question.created_at}>{askedOn}</time>
          </>
        )}
      </p>
      <p className="question__text">{question.question_text}</p>
      {question.answer_text !== null ? (
        <div className="question__answer">
          <p className="question__answer-label">Respuesta del vendedor</p>
          <p className="question__answer-text">{question.answer_text}</p>
        </div>
      ) : (
        <p className="question__waiting">{QUESTION_MESSAGES.waiting}</p>
      )}
      {question.can_answer && (
        <CommentForm
          className="question__answer-form"
          label="Tu respuesta"
          placeholder="Responde a esta pregunta..."
          submitLabel="Responder"
          busyLabel="Enviando..."
          busy={answer.isPending}
          error={fieldError}
          onSend={sendAnswer}
        />
      )}
      {question.mine && (
        <div className="question__actions">
          <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setConfirming(true)}>
            Eliminar pregunta
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
        title="¿Eliminar tu pregunta?"
        description="Se eliminará tu pregunta y su respuesta. Esta acción no se puede deshacer."
        busy={remove.isPending}
      />
    </li>
  );
}
