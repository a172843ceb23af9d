/**
 * The home banner carousel: auto-advances every 6 s, paused on hover or focus and by the pause button; previous,
 * next and dot buttons; slides change with a 200 ms fade.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WebsiteConfig } from '../../../../shared/contracts/stores';
import { BANNER_SIZES } from '../../../../shared/responsive-images';

export function Carousel({ slides }: { slides: WebsiteConfig['banners'] }) {
  const { t } = useTranslation('storefront');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const count = slides.length;
  useEffect(() => {
    if (paused || hovered || count < 2) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % count), 6000);
    return () => window.clearInterval(id);
  }, [paused, hovered, count]);
  if (!count) return null;
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t('carousel.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="carousel-viewport">
        {slides.map((s, i) => (
          <div
            key={s.url}
            className="carousel-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('carousel.slide', { n: i + 1, count })}
            aria-hidden={i !== index}
          >
            <img
              src={s.url}
              // An upload's sizes (decision 084): a phone loads the 480 or 960 px banner, not the 1600 px one.
              srcSet={s.srcset}
              sizes={s.srcset ? BANNER_SIZES : undefined}
              alt=""
              width={1600}
              height={700}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              decoding={i === 0 ? 'sync' : 'async'}
            />
            <div className="carousel-caption">
              {s.title && <h2>{s.title}</h2>}
              {s.buttonTitle && s.buttonUrl && (
                <Link className="btn" to={s.buttonUrl} tabIndex={i === index ? 0 : -1}>
                  {s.buttonTitle}
                </Link>
              )}
            </div>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel-controls">
          <button
            type="button"
            onClick={() => setPaused((p) => !p)}
            aria-label={paused ? t('carousel.play') : t('carousel.pause')}
          >
            {paused ? '▶' : '❚❚'}
          </button>
          <button
            type="button"
            onClick={() => setIndex((index - 1 + count) % count)}
            aria-label={t('carousel.previous')}
          >
            ‹
          </button>
          {slides.map((s, i) => (
            <button
              key={s.url}
              type="button"
              className="carousel-dot"
              aria-label={t('carousel.goTo', { n: i + 1 })}
              aria-current={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
          <button type="button" onClick={() => setIndex((index + 1) % count)} aria-label={t('carousel.next')}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}
