/**
 * /admin/aviso-privacidad, /admin/politica-compra, /admin/pagos-y-envios (rich text), /admin/faq (question,
 * answer) and /admin/glosario (word, definition). The server sanitises what is saved and answers with the result,
 * which the editor then shows; a store that never saved sees the suggested default text.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import type { ContentKind, ContentResponse } from '../../../../shared/contracts/website';
import { contentQuery, useSaveContent } from './api/content';
import { LoadError } from './load-error';
import { isForbidden, NoPermission } from '../../shared/no-permission';

const STORE_PATH: Record<ContentKind, string> = {
  aviso: '/aviso',
  politicas_compras: '/politicas_compras',
  pagos_envios: '/pagos_envios',
  faq: '/faq',
  glosario: '/glosario',
};

export function ContentEditorPage({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation('website');
  const q = useQuery(contentQuery(kind));
  if (isForbidden(q.error)) return <NoPermission />;
  return (
    <div className="stack">
      <h1>{t(`content.${kind}`)}</h1>
      <p className="muted">{t('content.intro', { path: STORE_PATH[kind] })}</p>
      {q.isPending ? (
        <Loading />
      ) : !q.data ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          {!q.data.customised && <Alert kind="info">{t('content.defaultNote')}</Alert>}
          {kind === 'faq' || kind === 'glosario' ? (
            <ListEditor key={kind} kind={kind} data={q.data} />
          ) : (
            <RichTextEditor key={kind} kind={kind} html={q.data.html ?? ''} />
          )}
        </>
      )}
    </div>
  );
}

/** A small rich-text editor (bold, italic, heading, list, link) over a contenteditable region. */
function RichTextEditor({ kind, html }: { kind: ContentKind; html: string }) {
  const { t } = useTranslation('website');
  const ref = useRef<HTMLDivElement>(null);
  const save = useSaveContent(kind);
  useEffect(() => {
    if (ref.current) ref.current.innerHTML = html; // sanitised by the server (content.service.ts)
  }, [html]);
  const exec = (command: string, value?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, value);
  };
  return (
    <section className="card stack">
      <div className="row rte-toolbar" role="toolbar" aria-label={t('content.editor')}>
        <button type="button" className="btn btn-ghost" onClick={() => exec('bold')} aria-label={t('content.bold')}>
          <strong>B</strong>
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => exec('italic')} aria-label={t('content.italic')}>
          <em>I</em>
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => exec('formatBlock', 'h3')}>
          {t('content.heading')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => exec('insertUnorderedList')}>
          {t('content.list')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            const url = window.prompt(t('content.linkPrompt'));
            if (url && /^(https?:|mailto:|tel:)/.test(url)) exec('createLink', url);
          }}
        >
          {t('content.link')}
        </button>
      </div>
      <div
        ref={ref}
        className="rte content-html"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-label={t('content.editor')}
        tabIndex={0}
        suppressContentEditableWarning
      />
      {save.isSuccess && <Alert kind="success">{t('saved')}</Alert>}
      {save.error && <Alert kind="error">{save.error.message}</Alert>}
      <div>
        <Button busy={save.isPending} onClick={() => save.mutate({ html: ref.current?.innerHTML ?? '' })}>
          {t('save')}
        </Button>
      </div>
    </section>
  );
}

type Item = { a: string; b: string };

/** The FAQ (question, answer) or glossary (word, definition) list: add, edit, reorder, remove, save. */
function ListEditor({ kind, data }: { kind: 'faq' | 'glosario'; data: ContentResponse }) {
  const { t } = useTranslation('website');
  const save = useSaveContent(kind);
  const faq = kind === 'faq';
  const fromData = (d: ContentResponse): Item[] =>
    faq
      ? (d.items ?? []).map((i) => ({ a: i.question, b: i.answer }))
      : (d.terms ?? []).map((i) => ({ a: i.word, b: i.definition }));
  const [items, setItems] = useState<Item[]>(() => fromData(data));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const labels = faq
    ? { a: t('content.question'), b: t('content.answer'), add: t('content.addQuestion') }
    : { a: t('content.word'), b: t('content.definition'), add: t('content.addWord') };
  const update = (i: number, patch: Partial<Item>) =>
    setItems((old) => old.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  const move = (i: number, by: number) =>
    setItems((old) => {
      const next = [...old];
      const [it] = next.splice(i, 1);
      next.splice(i + by, 0, it);
      return next;
    });
  const onSave = () => {
    setErrors({});
    const body = {
      items: items.map((i) => (faq ? { question: i.a, answer: i.b } : { word: i.a, definition: i.b })),
    };
    save.mutate(body, {
      onSuccess: (d) => setItems(fromData(d)),
      onError: (err) => {
        if (err instanceof ApiError)
          setErrors(
            Object.fromEntries(
              err.fields.map((f) => [
                f.path
                  .replace(/^items\.(\d+)\.(question|word)$/, '$1.a')
                  .replace(/^items\.(\d+)\.(answer|definition)$/, '$1.b'),
                f.message,
              ]),
            ),
          );
      },
    });
  };
  return (
    <section className="card stack">
      {items.length === 0 && <p className="muted">{t('content.emptyList')}</p>}
      <ol className="content-list stack">
        {items.map((it, i) => (
          <li key={i} className="stack content-item" aria-label={t('content.item', { n: i + 1 })}>
            <div className="field">
              <label htmlFor={`${kind}-${i}-a`}>{labels.a}</label>
              <input
                id={`${kind}-${i}-a`}
                value={it.a}
                maxLength={faq ? 300 : 100}
                onChange={(e) => update(i, { a: e.target.value })}
                aria-invalid={errors[`${i}.a`] ? true : undefined}
              />
              {errors[`${i}.a`] && <span className="field-error">{errors[`${i}.a`]}</span>}
            </div>
            <div className="field">
              <label htmlFor={`${kind}-${i}-b`}>{labels.b}</label>
              <textarea
                id={`${kind}-${i}-b`}
                rows={3}
                value={it.b}
                maxLength={faq ? 4000 : 2000}
                onChange={(e) => update(i, { b: e.target.value })}
                aria-invalid={errors[`${i}.b`] ? true : undefined}
              />
              {errors[`${i}.b`] && <span className="field-error">{errors[`${i}.b`]}</span>}
            </div>
            <div className="row">
              <button type="button" className="btn btn-ghost" disabled={i === 0} onClick={() => move(i, -1)}>
                {t('content.moveUp')}
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={i === items.length - 1}
                onClick={() => move(i, 1)}
              >
                {t('content.moveDown')}
              </button>
              <span className="spacer" />
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => setItems((old) => old.filter((_, j) => j !== i))}
              >
                {t('content.remove')}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div className="row">
        <Button variant="secondary" onClick={() => setItems((old) => [...old, { a: '', b: '' }])}>
          {labels.add}
        </Button>
        <span className="spacer" />
        <Button busy={save.isPending} onClick={onSave}>
          {t('save')}
        </Button>
      </div>
      {save.isSuccess && <Alert kind="success">{t('saved')}</Alert>}
      {save.error && <Alert kind="error">{save.error.message}</Alert>}
    </section>
  );
}
