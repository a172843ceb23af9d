/**
 * Pieces of the store-look forms shared by /admin/website and the set-up wizard: an image through the files module,
 * an image list (banners, carousel), the eight colours, the social URLs and the live preview of the storefront.
 */
import './website.css';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../shared/files';
import type { FilePurpose } from '../../../../shared/contracts/files';
import {
  COLOR_KEYS,
  SOCIAL_HOSTS,
  type Colors,
  type ImageRef,
  type SocialNetwork,
} from '../../../../shared/contracts/website';

/** The URL to show for a stored image reference (an upload's 480 px WebP, else the URL itself). */
export const imageSrc = (ref: ImageRef, width = 480) => (ref.fileId ? `${ref.url}-${width}.webp` : ref.url);

/** One image: an upload (FileField) whose value is kept as `{ url, fileId }`. */
export function ImageField(props: {
  label: string;
  purpose: FilePurpose;
  value: ImageRef | null;
  onChange: (v: ImageRef | null) => void;
  error?: string;
}) {
  const { value } = props;
  return (
    <div className="stack-sm">
      {value && !value.fileId && <img className="look-thumb" src={value.url} alt="" width={80} height={80} />}
      <FileField
        label={props.label}
        purpose={props.purpose}
        value={value?.fileId ? { id: value.fileId, url: value.url } : null}
        onChange={(f) => props.onChange(f ? { url: f.url, fileId: f.id } : null)}
        error={props.error}
      />
    </div>
  );
}

/** A list of images (banners, carousel): each can be removed; one more can be added until `max`. */
export function ImageListField(props: {
  label: string;
  addLabel: string;
  purpose: FilePurpose;
  value: ImageRef[];
  onChange: (v: ImageRef[]) => void;
  max: number;
  error?: string;
}) {
  const { t } = useTranslation('website');
  const { value, onChange } = props;
  return (
    <fieldset className="stack look-images">
      <legend>{props.label}</legend>
      {value.length === 0 && <p className="muted small">{t('look.noImages')}</p>}
      <ul className="look-image-list">
        {value.map((img, i) => (
          <li key={`${img.url}-${i}`} className="row">
            <img src={imageSrc(img, 160)} alt={`${props.label} ${i + 1}`} width={120} height={52} />
            <button type="button" className="btn btn-ghost" onClick={() => onChange(value.filter((_, j) => j !== i))}>
              {t('look.remove')}
            </button>
          </li>
        ))}
      </ul>
      {value.length < props.max && (
        <FileField
          label={props.addLabel}
          purpose={props.purpose}
          value={null}
          onChange={(f) => f && onChange([...value, { url: f.url, fileId: f.id }])}
        />
      )}
      {props.error && (
        <span className="field-error" role="alert">
          {props.error}
        </span>
      )}
    </fieldset>
  );
}

/** The eight colour inputs, each with its own label and error. */
export function ColorFields(props: {
  value: Colors;
  onChange: (key: keyof Colors, v: string) => void;
  error: (key: keyof Colors) => string | undefined;
}) {
  const { t } = useTranslation('website');
  return (
    <div className="look-colors">
      {COLOR_KEYS.map((k) => (
        <div key={k} className="field look-color">
          <label htmlFor={`color-${k}`}>{t(`colors.${k}`)}</label>
          <div className="row">
            <input
              id={`color-${k}`}
              type="color"
              value={/^#[0-9a-fA-F]{6}$/.test(props.value[k] ?? '') ? props.value[k] : '#000000'}
              onChange={(e) => props.onChange(k, e.target.value)}
              aria-describedby={props.error(k) ? `color-${k}-error` : undefined}
            />
            <input
              className="look-hex"
              aria-label={`${t(`colors.${k}`)} (hex)`}
              value={props.value[k] ?? ''}
              maxLength={7}
              onChange={(e) => props.onChange(k, e.target.value)}
              aria-invalid={props.error(k) ? true : undefined}
            />
          </div>
          {props.error(k) && (
            <span id={`color-${k}-error`} className="field-error">
              {props.error(k)}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

/** The three social URL inputs with their host as the hint ("must start with ..."). */
export function SocialFields(props: {
  value: Record<SocialNetwork, string>;
  onChange: (key: SocialNetwork, v: string) => void;
  error: (key: SocialNetwork) => string | undefined;
}) {
  const { t } = useTranslation('website');
  const names: Record<SocialNetwork, string> = { facebook: 'Facebook', instagram: 'Instagram', youtube: 'YouTube' };
  return (
    <div className="form-grid">
      {(Object.keys(SOCIAL_HOSTS) as SocialNetwork[]).map((k) => (
        <div key={k} className="field">
          <label htmlFor={`social-${k}`}>{names[k]}</label>
          <input
            id={`social-${k}`}
            type="url"
            inputMode="url"
            placeholder={SOCIAL_HOSTS[k]}
            value={props.value[k]}
            onChange={(e) => props.onChange(k, e.target.value)}
            aria-invalid={props.error(k) ? true : undefined}
            aria-describedby={`social-${k}-hint${props.error(k) ? ` social-${k}-error` : ''}`}
          />
          <span id={`social-${k}-hint`} className="field-hint">
            {t('look.socialHint', { host: SOCIAL_HOSTS[k] })}
          </span>
          {props.error(k) && (
            <span id={`social-${k}-error`} className="field-error">
              {props.error(k)}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * A miniature of the storefront in the chosen look (header, banner with its button, a product card, footer), updated
 * as the seller types. Colours that are not valid yet fall back to the defaults of the stylesheet.
 */
export function StorePreview(props: {
  name: string;
  colors: Partial<Colors>;
  logo: ImageRef | null;
  banner: ImageRef | null;
  button?: { title: string; textColor: string };
}) {
  const { t } = useTranslation('website');
  const c = (k: keyof Colors, fallback: string) => {
    const v = props.colors[k];
    return v && /^#[0-9a-fA-F]{6}$/.test(v) ? v : fallback;
  };
  const style = {
    '--p-navbar': c('navbar', '#0f172a'),
    '--p-navbar-text': c('navbarText', '#ffffff'),
    '--p-primary': c('primary', '#0b5fa5'),
    '--p-secondary': c('secondary', '#1f8a70'),
    '--p-info': c('info', '#334155'),
    '--p-highlight': c('highlight', '#c2410c'),
    '--p-footer-bg': c('footerBg', '#0f172a'),
    '--p-footer-text': c('footerText', '#e2e8f0'),
  } as CSSProperties;
  return (
    <figure className="store-preview" style={style} aria-label={t('look.preview')} data-testid="store-preview">
      <figcaption className="small muted">{t('look.preview')}</figcaption>
      <div className="sp-frame">
        <div className="sp-nav" data-testid="preview-navbar">
          {props.logo && <img src={imageSrc(props.logo, 160)} alt="" width={22} height={22} />}
          <strong>{props.name || '—'}</strong>
          <span className="sp-menu">{t('look.previewMenu')}</span>
        </div>
        <div className="sp-banner">
          {props.banner && <img src={imageSrc(props.banner, 480)} alt="" />}
          {props.button?.title && (
            <span className="sp-button" style={{ color: props.button.textColor }}>
              {props.button.title}
            </span>
          )}
        </div>
        <div className="sp-body">
          <div className="sp-card">
            <span className="sp-img" />
            <span>{t('look.previewProduct')}</span>
            <strong className="sp-price">{t('look.previewPrice')}</strong>
            <span className="sp-info">{t('look.previewInfo')}</span>
            <span className="sp-cta">+</span>
          </div>
          <span className="sp-badge">%</span>
        </div>
        <div className="sp-footer">{t('look.previewFooter')}</div>
      </div>
    </figure>
  );
}
