import { useEffect, useState } from 'react';
import { BANNER_ROTATION_MS } from '@owo/shared/constants';
// Bitmaps rendered from the SVG artwork beside them (scripts/render-banners.mjs): an SVG <img> is
// laid out and painted on the main thread at a cold start, a bitmap is decoded off it. The first
// is the home screen's largest element; index.html preloads it on /home (prerender-landing.ts).
import banner1 from '../assets/banner-1.webp';
import banner2 from '../assets/banner-2.webp';
import banner3 from '../assets/banner-3.webp';

const banners = [
  { src: banner1, alt: 'Data in seconds from ₦100 on MTN, Airtel, Glo and 9mobile' },
  { src: banner2, alt: 'Airtime to cash: turn extra airtime into money' },
  { src: banner3, alt: 'Pay electricity and cable TV bills in a tap' },
];

/** Three promotions, one every 5 s; pauses while the page is hidden. Dots let users pick one. */
export function PromoBanner() {
  const [index, setIndex] = useState(0);
  // The first banner is preloaded with the page; the other two are fetched a moment later, when
  // they no longer compete with the app's scripts on a slow connection, well before they show.
  const [loadRest, setLoadRest] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setLoadRest(true), BANNER_ROTATION_MS / 2);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setIndex((i) => (i + 1) % banners.length);
    }, BANNER_ROTATION_MS);
    return () => clearInterval(timer);
  }, [index]);

  return (
    <section aria-roledescription="carousel" aria-label="Promotions" className="relative">
      <div className="relative aspect-[16/6] overflow-hidden rounded-3xl bg-brand-100 shadow-card">
        {banners.map((banner, i) => (
          <img
            key={banner.alt}
            src={i === 0 || i === index || loadRest ? banner.src : undefined}
            alt={banner.alt}
            aria-hidden={i !== index}
            width={960}
            height={360}
            fetchPriority={i === 0 ? 'high' : 'auto'}
            decoding="async"
            className={`absolute inset-0 size-full object-cover transition-opacity duration-700 ${
              i === index ? 'opacity-100' : 'opacity-0'
            }`}
          />
        ))}
      </div>
      {/* Each dot's button is 44 px square (a thumb's target); the dot itself stays small. */}
      <div className="-mb-2 flex justify-center">
        {banners.map((banner, i) => (
          <button
            key={banner.alt}
            type="button"
            onClick={() => setIndex(i)}
            aria-label={`Show promotion ${i + 1} of ${banners.length}`}
            aria-current={i === index}
            className="grid size-11 place-items-center"
          >
            <span
              className={`block h-1.5 rounded-full transition-all ${
                i === index ? 'w-5 bg-brand-600' : 'w-1.5 bg-brand-200'
              }`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
