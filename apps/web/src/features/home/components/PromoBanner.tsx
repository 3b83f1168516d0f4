import { useEffect, useState } from 'react';
import { BANNER_ROTATION_MS } from '@owo/shared/constants';

const banners = [
  {
    src: '/banners/banner-1.svg',
    alt: 'Data in seconds from ₦100 on MTN, Airtel, Glo and 9mobile',
  },
  { src: '/banners/banner-2.svg', alt: 'Airtime to cash: turn extra airtime into money' },
  { src: '/banners/banner-3.svg', alt: 'Pay electricity and cable TV bills in a tap' },
];

/** Three promotions, one every 5 s; pauses while the page is hidden. Dots let users pick one. */
export function PromoBanner() {
  const [index, setIndex] = useState(0);

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
            key={banner.src}
            src={banner.src}
            alt={banner.alt}
            aria-hidden={i !== index}
            width={640}
            height={240}
            loading={i === 0 ? 'eager' : 'lazy'}
            className={`absolute inset-0 size-full object-cover transition-opacity duration-700 ${
              i === index ? 'opacity-100' : 'opacity-0'
            }`}
          />
        ))}
      </div>
      <div className="mt-1 flex justify-center">
        {banners.map((banner, i) => (
          <button
            key={banner.src}
            type="button"
            onClick={() => setIndex(i)}
            aria-label={`Show promotion ${i + 1} of ${banners.length}`}
            aria-current={i === index}
            className="grid h-6 w-7 place-items-center"
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
