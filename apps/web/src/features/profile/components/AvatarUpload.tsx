import { useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { messages } from '@owo/shared/messages';
import { MAX_IMAGE_BYTES } from '@owo/shared/constants';
import { Avatar } from '../../../components/Avatar';
import { CameraIcon } from '../../../components/icons';
import { Spinner } from '../../../components/Spinner';
import { currentUserKey } from '../../../lib/current-user';
import { useSession } from '../../../lib/session-store';
import { uploadProfilePicture } from '../api/profile-api';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

/** Large avatar with a camera button that replaces the picture. */
export function AvatarUpload({ name }: { name: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const user = useSession((s) => s.user);
  const patchUser = useSession((s) => s.patchUser);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again must fire change again
    if (!file) return;
    // Check before uploading: a 5 MB upload on mobile data only to be refused wastes money.
    if (!ACCEPTED.includes(file.type)) return void toast.error(messages.imageInvalidType);
    if (file.size > MAX_IMAGE_BYTES) return void toast.error(messages.imageTooLarge);
    setBusy(true);
    try {
      const reply = await uploadProfilePicture(file);
      patchUser(reply.data);
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      toast.success(messages.profilePictureUpdated);
    } catch {
      toast.error(messages.profilePictureFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="relative">
      <div className="rounded-full ring-4 ring-white shadow-card">
        <Avatar src={user.imageUrl || user.thumbnailUrl} name={name} size={96} />
      </div>
      {busy ? (
        <div
          role="status"
          className="absolute inset-0 grid place-items-center rounded-full bg-ink/40 text-white"
        >
          <Spinner size={24} />
          <span className="sr-only">Uploading picture</span>
        </div>
      ) : null}
      <label
        htmlFor="profile-picture"
        className="absolute -right-1 -bottom-1 grid size-11 cursor-pointer place-items-center rounded-full bg-brand-600 text-white ring-4 ring-white hover:bg-brand-700 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-400"
      >
        <CameraIcon size={18} />
        <span className="sr-only">Change profile picture</span>
        <input
          ref={inputRef}
          id="profile-picture"
          type="file"
          accept={ACCEPTED.join(',')}
          className="sr-only"
          disabled={busy}
          onChange={(e) => void onFile(e)}
        />
      </label>
    </div>
  );
}
