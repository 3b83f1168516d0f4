import { useSyncExternalStore } from 'react';
import { toast } from '../../../lib/toast';
import { messages } from '@owo/shared/messages';
import { IOS_INSTALL_TOAST_MS } from '@owo/shared/constants';
import { DownloadIcon } from '../../../components/icons';
import {
  consumeDeferredPrompt,
  getDeferredPrompt,
  isIos,
  isStandalone,
  subscribeInstall,
} from '../../../lib/install-prompt';

type InstallState = 'installed' | 'ios' | 'prompt' | 'manual';

const labels: Record<InstallState, string> = {
  installed: 'Installed',
  ios: 'Add to Home',
  prompt: 'Install App',
  manual: 'Install',
};

function readState(): InstallState {
  if (isStandalone()) return 'installed';
  if (isIos()) return 'ios';
  if (getDeferredPrompt()) return 'prompt';
  return 'manual';
}

/** Install pill whose label follows the device (standalone, iOS, install prompt, none). */
export function InstallButton() {
  const state = useSyncExternalStore(subscribeInstall, readState, () => 'manual' as const);

  const install = async () => {
    if (state === 'installed') return void toast.info(messages.installAlready);
    if (state === 'ios')
      return void toast.info(messages.installIos, { duration: IOS_INSTALL_TOAST_MS });
    const prompt = consumeDeferredPrompt();
    if (!prompt) return void toast.info(messages.installNoPrompt);
    try {
      await prompt.prompt();
      const { outcome } = await prompt.userChoice;
      if (outcome === 'accepted') toast.success(messages.installAccepted);
      else toast.info(messages.installDeclined);
    } catch {
      toast.error(messages.installFailed);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void install()}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-white/12 px-4 text-sm font-semibold text-white ring-1 ring-white/25 transition-colors hover:bg-white/20"
    >
      <DownloadIcon size={16} />
      {labels[state]}
    </button>
  );
}
