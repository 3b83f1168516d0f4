import { useEffect, useState } from 'react';
import { useSession } from './session-store';

/** Uploaded pictures: served by the API to their owner and admins only (decision 0021). */
const PRIVATE_FILE = /^\/api\/files\/[^/?#]+$/;

/**
 * The `src` to show for a picture URL from the API. An `<img>` cannot send the bearer token, so a
 * private file is fetched with it and shown through a blob: URL, revoked when the picture leaves
 * the screen (the browser's private cache makes a second fetch cheap). Other URLs pass through.
 * Undefined while loading, when the fetch fails, and when there is no URL: callers show their
 * placeholder.
 */
export function usePrivateImage(url: string | null | undefined): string | undefined {
  const token = useSession((s) => s.auth.token);
  const isPrivate = !!url && PRIVATE_FILE.test(url);
  const key = isPrivate && token ? `${token} ${url}` : '';
  const [loaded, setLoaded] = useState<{ key: string; src: string | undefined }>();

  useEffect(() => {
    if (!key || !url || !token) return;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    fetch(url, {
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
      signal: controller.signal,
    })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ key, src: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ key, src: undefined });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key, url, token]);

  if (!url) return undefined;
  if (!isPrivate) return url;
  return loaded?.key === key ? loaded.src : undefined;
}
