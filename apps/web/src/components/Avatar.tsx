import { useState } from 'react';
import { usePrivateImage } from '../lib/private-image';

/**
 * Round profile picture, or the first letter of the name/e-mail when there is none, while it
 * loads, or when it cannot be shown (a picture from before decision 0021 answers 404).
 */
export function Avatar({ src, name, size = 44 }: { src?: string; name: string; size?: number }) {
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  const shown = usePrivateImage(src);
  const [broken, setBroken] = useState<string>();
  return shown && broken !== shown ? (
    <img
      src={shown}
      alt=""
      width={size}
      height={size}
      onError={() => setBroken(shown)}
      className="rounded-full bg-brand-50 object-cover"
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      aria-hidden="true"
      className="grid place-items-center rounded-full bg-accent-100 font-semibold text-accent-600"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      {initial}
    </span>
  );
}
