/**
 * The messages screen of both sides: the conversation list and the open thread side by side on a desktop, one at a
 * time on a phone (the thread's "back" returns to the list). The open conversation is in the URL (`?c=<id>`); the
 * storefront may also open a new one about a product (`?producto=<codigo>`). Bubbles of this side show their state
 * (sent, received, viewed; decision 152) in words for screen readers and as ticks; new messages arrive live from the
 * app's stream (messages-api.ts) and are announced politely.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import './messages-i18n';
import './messages.css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading } from '../../components/ui/loading';
import { ProductImage } from '../../components/ui/product-image';
import { CharacterCounter } from '../../components/ui/character-counter';
import { useMoney } from '../../components/ui/price';
import { ApiError } from '../../lib/api-client';
import { MESSAGE_MAX_LENGTH } from '../../../shared/limits';
import type { ConversationSummary, Message, SubjectCard } from '../../../shared/contracts/messages';
import {
  conversationsQuery,
  markViewed,
  openAttachment,
  setOpenConversation,
  threadQuery,
  uploadAttachment,
  useBlock,
  useSendMessage,
  useStartConversation,
  type Side,
} from './messages-api';

/** A paper clip (the machine's fonts may have no emoji). */
function PaperclipIcon() {
  return (
    <svg
      aria-hidden="true"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M21 11.5l-8.5 8.5a5 5 0 0 1-7-7l9-9a3.5 3.5 0 0 1 5 5l-9 9a2 2 0 0 1-3-3l8.5-8.5" />
    </svg>
  );
}

function useTimeFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-US' : 'es-MX';
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  return (iso: string) => {
    const d = new Date(iso);
    return d.toDateString() === new Date().toDateString() ? time.format(d) : day.format(d);
  };
}

/** The subject's title: the product's name, the order's or quote's short id, or "general question". */
function useSubjectTitle() {
  const { t } = useTranslation('messages');
  return (s: SubjectCard) =>
    s.kind === 'product'
      ? (s.title ?? t('messages:subject.productGone'))
      : s.kind === 'store'
        ? t('messages:subject.store')
        : t(`messages:subject.${s.kind}`, { id: (s.id ?? '').slice(0, 8).toUpperCase() });
}

function SubjectCardView({ side, subject }: { side: Side; subject: SubjectCard }) {
  const { t } = useTranslation('messages');
  const money = useMoney();
  const title = useSubjectTitle()(subject);
  if (subject.kind === 'store') return null;
  const link =
    subject.kind === 'product' && subject.codigo && side === 'buyer'
      ? `/product?codigo=${encodeURIComponent(subject.codigo)}`
      : subject.kind === 'order' && subject.id
        ? side === 'buyer'
          ? `/pedidos/pedido?id=${subject.id}`
          : `/admin/entrega/${subject.id}`
        : null;
  return (
    <div className="msg-subject" aria-label={t('messages:subject.label')}>
      {/* Decorative: the title says what it is (and a product without a photo shows none). */}
      {subject.kind === 'product' && subject.image && (
        <div className="msg-subject-img">
          <ProductImage base={subject.image} alt="" sizes="56px" />
        </div>
      )}
      <div className="msg-subject-text">
        <span className="small muted">{t(`messages:subject.kinds.${subject.kind}`)}</span>
        {link ? <Link to={link}>{title}</Link> : <strong>{title}</strong>}
        {subject.priceCents !== null && <span className="small">{money(subject.priceCents)}</span>}
      </div>
    </div>
  );
}

/** A bubble's delivery state: ticks for the eye, words for everyone (title and screen-reader text). */
function DeliveryTicks({ state }: { state: Message['state'] }) {
  const { t } = useTranslation('messages');
  return (
    <span className={`msg-state msg-state-${state}`} title={t(`messages:state.${state}`)} data-state={state}>
      <span aria-hidden="true">{state === 'sent' ? '✓' : '✓✓'}</span>
      <span className="msg-state-word">{t(`messages:state.${state}`)}</span>
    </span>
  );
}

function ConversationList({
  side,
  conversations,
  openId,
  onOpen,
}: {
  side: Side;
  conversations: ConversationSummary[];
  openId: string | null;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('messages');
  const when = useTimeFormat();
  const title = useSubjectTitle();
  return (
    <ul className="msg-list" aria-label={t('messages:listLabel')}>
      {conversations.map((c) => {
        const who = side === 'buyer' ? c.storeName : c.buyerName;
        return (
          <li key={c.id}>
            <button
              type="button"
              className={`msg-list-item${c.id === openId ? ' active' : ''}${c.unread ? ' unread' : ''}`}
              aria-current={c.id === openId ? 'true' : undefined}
              onClick={() => onOpen(c.id)}
            >
              <span className="msg-list-top">
                <strong className="msg-list-who">{who}</strong>
                {c.lastMessage && <span className="small muted">{when(c.lastMessage.at)}</span>}
              </span>
              <span className="small msg-list-subject">{title(c.subject)}</span>
              <span className="msg-list-bottom">
                <span className="small muted msg-list-preview">
                  {c.lastMessage
                    ? `${c.lastMessage.from === side ? t('messages:you') + ': ' : ''}${c.lastMessage.body}`
                    : t('messages:noMessagesYet')}
                </span>
                {c.unread > 0 && (
                  <span className="msg-unread" aria-label={t('messages:unreadCount', { count: c.unread })}>
                    {c.unread}
                  </span>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Composer({
  side,
  disabled,
  onSend,
}: {
  side: Side;
  disabled: boolean;
  onSend: (input: { body: string; attachmentId?: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation('messages');
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const over = [...text].length > MESSAGE_MAX_LENGTH;
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy || over || (!text.trim() && !file)) return;
    setBusy(true);
    setError(null);
    try {
      const attachment = file ? await uploadAttachment(side, file) : null;
      await onSend({ body: text.trim(), ...(attachment ? { attachmentId: attachment.id } : {}) });
      setText('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (err) {
      setError(err instanceof ApiError || err instanceof Error ? err.message : t('messages:sendFailed'));
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) void submit(e);
  };
  return (
    <form className="msg-composer" onSubmit={(e) => void submit(e)}>
      {error && <Alert kind="error">{error}</Alert>}
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {t('messages:composer.label')}
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        rows={2}
        disabled={disabled}
        placeholder={disabled ? t('messages:composer.blocked') : t('messages:composer.placeholder')}
        aria-describedby={`${id}-hint ${id}-count`}
        aria-invalid={over || undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="msg-composer-bar">
        <label className="btn btn-ghost msg-attach">
          <PaperclipIcon /> {file ? file.name : t('messages:composer.attach')}
          <input
            ref={fileInput}
            type="file"
            accept="image/*,application/pdf"
            className="visually-hidden"
            disabled={disabled}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <span id={`${id}-hint`} className="small muted hide-phone">
          {t('messages:composer.hint')}
        </span>
        <CharacterCounter id={`${id}-count`} length={[...text].length} max={MESSAGE_MAX_LENGTH} />
        <span className="spacer" />
        <Button type="submit" busy={busy} disabled={disabled || over || (!text.trim() && !file)}>
          {t('messages:composer.send')}
        </Button>
      </div>
    </form>
  );
}

function Bubble({ side, conversationId, m }: { side: Side; conversationId: string; m: Message }) {
  const { t } = useTranslation('messages');
  const when = useTimeFormat();
  const mine = m.from === side;
  const [error, setError] = useState(false);
  return (
    <li className={`msg-bubble ${mine ? 'mine' : 'theirs'}`} data-message-id={m.id}>
      <span className="visually-hidden">{mine ? t('messages:you') : t('messages:them')}: </span>
      {m.body && <p className="msg-body">{m.body}</p>}
      {m.attachment && (
        <button
          type="button"
          className="msg-file"
          onClick={() =>
            void openAttachment(side, conversationId, m).then(
              () => setError(false),
              () => setError(true),
            )
          }
        >
          <PaperclipIcon /> {m.attachment.name}{' '}
          <span className="small">({Math.max(1, Math.round(m.attachment.bytes / 1024))} KB)</span>
        </button>
      )}
      {error && <span className="small">{t('messages:fileFailed')}</span>}
      <span className="msg-meta small">
        <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
        {mine && <DeliveryTicks state={m.state} />}
      </span>
    </li>
  );
}

function Thread({ side, id, onBack }: { side: Side; id: string; onBack: () => void }) {
  const { t } = useTranslation('messages');
  const qc = useQueryClient();
  const thread = useQuery(threadQuery(side, id));
  const send = useSendMessage(side, id);
  const block = useBlock(side, id);
  const end = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const count = thread.data?.messages.length ?? 0;

  useEffect(() => {
    setOpenConversation({ side, id });
    heading.current?.focus();
    return () => setOpenConversation(null);
  }, [side, id]);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count]);
  // Coming back to the tab with the conversation open counts as viewing it.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void markViewed(qc, side, id).catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [qc, side, id]);

  if (thread.isPending) return <Loading />;
  if (thread.isError)
    return (
      <div className="msg-thread">
        <Alert kind="error">{thread.error.message}</Alert>
        <Button variant="secondary" onClick={onBack}>
          {t('messages:back')}
        </Button>
      </div>
    );
  const c = thread.data.conversation;
  const who = side === 'buyer' ? c.storeName : c.buyerName;
  const blocked = c.blockedByMe || c.blockedByOther;
  return (
    <section className="msg-thread" aria-labelledby={`thread-${id}`}>
      <header className="msg-thread-head">
        <button type="button" className="btn btn-ghost msg-back" onClick={onBack}>
          <span aria-hidden="true">←</span> {t('messages:back')}
        </button>
        <h2 id={`thread-${id}`} ref={heading} tabIndex={-1}>
          {who}
        </h2>
        <span className="spacer" />
        <Button
          variant="ghost"
          busy={block.isPending}
          onClick={() => block.mutate(!c.blockedByMe)}
          aria-pressed={c.blockedByMe}
        >
          {c.blockedByMe
            ? t('messages:unblock')
            : side === 'buyer'
              ? t('messages:blockStore')
              : t('messages:blockBuyer')}
        </Button>
      </header>
      <SubjectCardView side={side} subject={c.subject} />
      {block.isError && <Alert kind="error">{block.error.message}</Alert>}
      <ol
        className="msg-bubbles"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t('messages:threadLabel', { who })}
      >
        {thread.data.messages.map((m) => (
          <Bubble key={m.id} side={side} conversationId={id} m={m} />
        ))}
      </ol>
      <div ref={end} />
      {blocked && (
        <Alert kind="warning">{c.blockedByMe ? t('messages:blockedByMe') : t('messages:blockedByOther')}</Alert>
      )}
      <Composer side={side} disabled={blocked} onSend={(input) => send.mutateAsync(input)} />
    </section>
  );
}

/**
 * The storefront's new conversation about a product (`?producto=`), one of the buyer's orders (`?pedido=`), or a
 * general question to the store.
 */
function NewConversation({
  codigo,
  orderId,
  onStarted,
}: {
  codigo: string | null;
  orderId: string | null;
  onStarted: (id: string) => void;
}) {
  const { t } = useTranslation('messages');
  const start = useStartConversation();
  return (
    <section className="msg-thread" aria-labelledby="new-conversation">
      <header className="msg-thread-head">
        <h2 id="new-conversation">
          {codigo
            ? t('messages:newAbout', { codigo })
            : orderId
              ? t('messages:newAboutOrder', { id: orderId.slice(0, 8).toUpperCase() })
              : t('messages:newGeneral')}
        </h2>
      </header>
      <p className="muted small">{t('messages:newHint')}</p>
      <Composer
        side="buyer"
        disabled={false}
        onSend={async (input) => {
          const thread = await start.mutateAsync({
            subject: codigo
              ? { kind: 'product', codigo }
              : orderId
                ? { kind: 'order', id: orderId }
                : { kind: 'store' },
            ...input,
          });
          onStarted(thread.conversation.id);
        }}
      />
    </section>
  );
}

/** The whole screen of one side (see the file's comment). */
export function MessagesView({ side }: { side: Side }) {
  const { t } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const openId = params.get('c');
  const product = params.get('producto');
  const orderId = params.get('pedido');
  const composing =
    side === 'buyer' && (product !== null || orderId !== null || params.get('nuevo') !== null) && !openId;
  const list = useQuery(conversationsQuery(side));
  const open = (id: string) => setParams({ c: id });
  const back = () => setParams({});
  const showingThread = Boolean(openId) || composing;

  return (
    <div className="msg-page stack">
      <div className="row">
        <h1 style={{ margin: 0 }}>{t('messages:title')}</h1>
        <span className="spacer" />
        {side === 'buyer' && !composing && (
          <Button variant="secondary" onClick={() => setParams({ nuevo: '1' })}>
            {t('messages:newGeneralButton')}
          </Button>
        )}
      </div>
      <div className={`msg-layout${showingThread ? ' has-thread' : ''}`}>
        <div className="msg-pane-list card">
          {list.isPending ? (
            <Loading />
          ) : list.isError ? (
            <Alert kind="error">{list.error.message}</Alert>
          ) : !list.data.conversations.length ? (
            <EmptyState title={t('messages:empty')}>
              <p className="muted">{side === 'buyer' ? t('messages:emptyBuyer') : t('messages:emptyStore')}</p>
            </EmptyState>
          ) : (
            <ConversationList side={side} conversations={list.data.conversations} openId={openId} onOpen={open} />
          )}
        </div>
        <div className="msg-pane-thread card">
          {openId ? (
            <Thread key={openId} side={side} id={openId} onBack={back} />
          ) : composing ? (
            <NewConversation codigo={product} orderId={orderId} onStarted={open} />
          ) : (
            <p className="muted msg-pick">{t('messages:pick')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
