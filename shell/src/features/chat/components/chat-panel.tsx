import { useEffect, useRef, type FormEvent } from 'react';
import { chatMessageMaxLength, redactChatText } from '@fragtbud/contracts';
import { Button, ErrorState, Spinner, formatDateTime, isApiError, useSessionDraft, useSingleFlight, useSubmitKey } from '@fragtbud/web';
import { useChatThread } from '../api/get-thread';
import { useMarkChatThreadRead } from '../api/mark-thread-read';
import { useSendChatMessage } from '../api/send-message';

export const CHAT_LOAD_ERROR = 'Kunne ikke hente beskeder';
export const CHAT_SEND_ERROR = 'Kunne ikke sende beskeden.';

interface ChatPanelProps {
  taskId: number;
  viewerId: number;
  partner: { id: number; name: string };
  /** Called after the caller read messages (the thread list's unread counts change). */
  onRead?: () => void;
}

/**
 * One conversation on a task: the messages oldest first with time and read status, and below them the input — or,
 * when spec 6 does not let the viewer write to this partner now, the lock text instead. New messages and read
 * receipts arrive over the live stream; opening the thread marks the partner's messages read.
 */
export function ChatPanel({ taskId, viewerId, partner, onRead }: ChatPanelProps) {
  const thread = useChatThread(taskId, partner.id);
  // The draft survives a reload and the login after a lost session (per viewer, task and partner, in this tab).
  const [text, setDraft, clearDraft] = useSessionDraft(`fragtbud:chat-draft:${viewerId}:${taskId}:${partner.id}`);
  const send = useSendChatMessage(taskId, partner.id);
  // One message per press of 'Send': a double click starts one request, and its key makes a retry a repeat.
  const flight = useSingleFlight();
  const submitKey = useSubmitKey();
  const { mutate: markRead } = useMarkChatThreadRead(taskId, partner.id);
  const listRef = useRef<HTMLOListElement>(null);
  const items = thread.data?.items ?? [];
  // svc-chat names the partner (the customer too, before any message): that name wins over the stand-in.
  const partnerName = thread.data?.partner?.name ?? partner.name;

  // Showing the partner's unread messages is what reads them: an effect that tells the server what the screen shows
  // (a failure stays in the mutation's state and is tried again with the next unread message).
  const unreadFromPartner = items.some((message) => message.sender_id === partner.id && !message.is_read);
  useEffect(() => {
    if (!unreadFromPartner) return;
    markRead(undefined, { onSuccess: () => onRead?.() });
  }, [unreadFromPartner, markRead, onRead]);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [items.length]);

  const trimmed = text.trim();
  const preview = redactChatText(trimmed);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    flight.run(async () => {
      await send.mutateAsync({ message: trimmed, idempotencyKey: submitKey.current() });
      submitKey.renew();
      clearDraft();
    });
  };
  const edit = (value: string) => {
    // Other text is another message: it needs its own key.
    if (value.trim() !== trimmed) submitKey.renew();
    setDraft(value);
  };

  const inputId = `chat-input-${partner.id}`;
  // What the writer hears beside the input: the redacted preview and a failure to send.
  const redacted = Boolean(trimmed) && preview !== trimmed;

  if (thread.error && !thread.data) return <ErrorState message={CHAT_LOAD_ERROR} onRetry={() => void thread.refetch()} />;
  if (!thread.data) return <Spinner label="Henter beskeder…" />;

  return (
    <section className="chat-panel" aria-label={`Chat med ${partnerName}`}>
      <h2 className="chat-panel__title">{partnerName}</h2>
      {items.length === 0 ? (
        <p className="chat-panel__empty">Ingen beskeder endnu.</p>
      ) : (
        <ol className="chat-panel__messages" ref={listRef} aria-live="polite">
          {items.map((message) => {
            const mine = message.sender_id === viewerId;
            return (
              <li key={message.id} className={mine ? 'chat-message chat-message--mine' : 'chat-message'}>
                <p className="chat-message__text">{message.message}</p>
                <p className="chat-message__meta">
                  <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
                  {mine && <span>{message.is_read ? ' · Læst' : ' · Sendt'}</span>}
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {thread.data.lock ? (
        <p className="chat-panel__lock" role="status">
          {thread.data.lock.message}
        </p>
      ) : (
        <form className="chat-panel__form" onSubmit={onSubmit}>
          <label className="chat-panel__label" htmlFor={inputId}>
            Besked til {partnerName}
          </label>
          <textarea
            id={inputId}
            className="chat-panel__input"
            value={text}
            maxLength={chatMessageMaxLength}
            rows={3}
            aria-invalid={send.error ? true : undefined}
            aria-describedby={[redacted && `${inputId}-preview`, send.error && `${inputId}-error`].filter(Boolean).join(' ') || undefined}
            onChange={(event) => edit(event.target.value)}
          />
          {redacted && (
            <p className="chat-panel__preview" id={`${inputId}-preview`}>
              E-mails og telefonnumre fjernes. Sendes som: <q>{preview}</q>
            </p>
          )}
          {send.error && (
            <p className="chat-panel__error" id={`${inputId}-error`} role="alert">
              {isApiError(send.error) && send.error.status === 403 ? send.error.message : CHAT_SEND_ERROR}
            </p>
          )}
          <Button type="submit" disabled={!trimmed || send.isPending || flight.busy}>
            {send.isPending || flight.busy ? 'Sender…' : 'Send'}
          </Button>
        </form>
      )}
    </section>
  );
}
