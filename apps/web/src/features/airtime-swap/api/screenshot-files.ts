/** The screenshot picker's checks (spec 02 §5): image types, 5 MB each, at most 3. */
import { MAX_IMAGE_BYTES, SWAP_MAX_SCREENSHOTS } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';

const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];
const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

/** Some pickers leave the type empty; the extension decides then. */
const isImage = (file: File) =>
  file.type ? IMAGE_TYPES.includes(file.type.toLowerCase()) : IMAGE_EXTENSIONS.test(file.name);

/**
 * Adds the picked files to those already chosen. Files that break a rule are left out with the
 * spec's message; the limit of 3 keeps the first ones.
 */
export function addScreenshots(
  current: readonly File[],
  picked: readonly File[],
): { files: File[]; errors: string[] } {
  const files = [...current];
  const errors: string[] = [];
  for (const file of picked) {
    if (!isImage(file)) {
      errors.push(messages.swapImageInvalidType.replace('{user_content}', file.name));
    } else if (file.size > MAX_IMAGE_BYTES) {
      errors.push(messages.swapImageTooLarge.replace('{user_content}', file.name));
    } else if (files.length >= SWAP_MAX_SCREENSHOTS) {
      if (!errors.includes(messages.swapMaxImages)) errors.push(messages.swapMaxImages);
    } else {
      files.push(file);
    }
  }
  return { files, errors };
}
