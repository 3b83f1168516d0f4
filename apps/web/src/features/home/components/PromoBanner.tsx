import { useEffect, useState } from 'react';
import { BANNER_ROTATION_MS } from '@owo/shared/constants';
// The first banner is the home screen's largest element: inlined as a data: URL (~1 KB), it paints
// with the page instead of waiting for a request queued behind the app's scripts on a slow
// connection. The other two are shown 5 s later and stay files.
import banner1 from '../assets/banner-1.svg?inline';
import banner2 from '../assets/banner-2.svg?no-inline';
import banner3 from '../assets/banner-3.svg?no-inline';

const banners = [
  { src: banner1, alt: 'Data in seconds from ₦100 on MTN, Airtel, Glo and 9mobile' },
  { src: banner2, alt: 'Airtime to cash: turn extra airtime into money' },
  { src: banner3, alt: 'Pay electricity and cable TV bills in a tap' },
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
            key={banner.alt}
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
            key={banner.alt}
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
