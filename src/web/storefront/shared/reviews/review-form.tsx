/**
 * The buyer's review form (decision 157), for a new review (product page) and an edit (/reviews): stars as a group of
 * radio buttons, title, plain-text comment with its counter, and up to REVIEW_PHOTOS_MAX photos uploaded one by one
 * through the files module's checks. The server checks everything again.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../shared/reviews/reviews-i18n';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LimitedField } from '../../../components/ui/character-counter';
import {
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_COMMENT_MIN_LENGTH,
  REVIEW_PHOTOS_MAX,
  REVIEW_TITLE_MAX_LENGTH,
} from '../../../../shared/limits';
import type { ReviewBody } from '../../../../shared/contracts/reviews';
import { uploadReviewPhoto } from './reviews-api';

export interface ReviewFormValue {
  rating: number;
  title: string;
  comment: string;
  photos: { id: string; url: string }[];
}

export function ReviewForm({
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  initial?: ReviewFormValue;
  submitLabel: string;
  busy: boolean;
  error?: string | null;
  onSubmit: (body: ReviewBody) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('reviews');
  const id = useId();
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [photos, setPhotos] = useState(initial?.photos ?? []);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [ratingMissing, setRatingMissing] = useState(false);

  async function addPhoto(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const photo = await uploadReviewPhoto(file);
      setPhotos((ps) => [...ps, photo].slice(0, REVIEW_PHOTOS_MAX));
    } catch (e) {
      setUploadError((e as Error).message);
    } finally {
      setUploading(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!rating) {
      setRatingMissing(true);
      return;
    }
    onSubmit({ rating, title, comment, photoIds: photos.map((p) => p.id) });
  }

  return (
    <form className="stack review-form" onSubmit={submit} noValidate={false}>
      <fieldset className="field" aria-describedby={ratingMissing ? `${id}-rating-error` : undefined}>
        <legend>{t('form.rating')}</legend>
        <div className="review-stars">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="review-star">
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                required
                onChange={() => {
                  setRating(n);
                  setRatingMissing(false);
                }}
              />
              <span aria-hidden="true">{'★'.repeat(n)}</span>
              <span className="visually-hidden">{t('form.star', { count: n })}</span>
            </label>
          ))}
        </div>
        {ratingMissing && (
          <span id={`${id}-rating-error`} className="field-error">
            {t('form.rating')}
          </span>
        )}
      </fieldset>
      <LimitedField
        label={t('form.titleLabel')}
        maxChars={REVIEW_TITLE_MAX_LENGTH}
        value={title}
        defaultValue={initial?.title}
        onChange={(e) => setTitle(e.target.value)}
        markRequired
      />
      <LimitedField
        multiline
        label={t('form.comment')}
        hint={t('form.commentHint', { min: REVIEW_COMMENT_MIN_LENGTH, max: REVIEW_COMMENT_MAX_LENGTH })}
        maxChars={REVIEW_COMMENT_MAX_LENGTH}
        minChars={REVIEW_COMMENT_MIN_LENGTH}
        value={comment}
        defaultValue={initial?.comment}
        onChange={(e) => setComment(e.target.value)}
        markRequired
      />
      <div className="field">
        <label htmlFor={`${id}-photo`}>{t('form.photos')}</label>
        <input
          id={`${id}-photo`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={`${id}-photo-hint`}
          disabled={uploading || photos.length >= REVIEW_PHOTOS_MAX}
          onChange={(e) => {
            void addPhoto(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <span id={`${id}-photo-hint`} className="field-hint">
          {uploading ? t('form.uploading') : t('form.photosHint', { max: REVIEW_PHOTOS_MAX })}
        </span>
        {uploadError && <Alert kind="error">{uploadError}</Alert>}
        {photos.length > 0 && (
          <ul className="review-photos">
            {photos.map((p, i) => (
              <li key={p.id}>
                <img src={`${p.url}-160.webp`} alt={t('form.photoAlt', { n: i + 1 })} width={80} height={80} />
                <Button
                  variant="ghost"
                  className="small"
                  aria-label={t('form.removePhoto', { n: i + 1 })}
                  onClick={() => setPhotos((ps) => ps.filter((x) => x.id !== p.id))}
                >
                  ×
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="row">
        <Button type="submit" busy={busy} disabled={uploading}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
