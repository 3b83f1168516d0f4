/** Round profile picture, or the first letter of the name/e-mail when there is none. */
export function Avatar({ src, name, size = 44 }: { src?: string; name: string; size?: number }) {
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  return src ? (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
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
