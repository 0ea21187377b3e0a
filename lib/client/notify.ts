/**
 * Notices and confirm dialogs through sweetalert2, loaded on first use so pages that never show
 * a dialog never download it. Success notices close after 1500 ms (spec §9).
 */
import type { SweetAlertOptions } from 'sweetalert2';

async function swal() {
  const mod = await import('sweetalert2');
  return mod.default;
}

export const NOTICE_MS = 1500;

/** Button colours dark enough for white text to read at 4.5:1 (sweetalert2's own light blue and purple are not). */
const BUTTONS = { confirmButtonColor: '#1d4ed8', cancelButtonColor: '#b91c1c', denyButtonColor: '#374151' } as const;

export const notify = {
  async success(title: string, text?: string) {
    const Swal = await swal();
    await Swal.fire({ icon: 'success', title, text, showConfirmButton: false, timer: NOTICE_MS });
  },
  async toast(title: string) {
    const Swal = await swal();
    await Swal.fire({ toast: true, position: 'top-end', icon: 'success', title, showConfirmButton: false, timer: NOTICE_MS });
  },
  async error(text: string, title = 'Something went wrong') {
    const Swal = await swal();
    await Swal.fire({ icon: 'error', title, text, ...BUTTONS });
  },
  /** The delete dialog of spec §5, the same everywhere something is deleted. */
  confirmDelete() {
    return notify.confirm({
      icon: 'warning',
      title: 'Are you sure?',
      text: "You won't be able to revert this!",
      confirmButtonText: 'Yes, delete it!',
    });
  },
  /** Resolves true when the user confirms. */
  async confirm(options: Pick<SweetAlertOptions, 'icon' | 'title' | 'text' | 'confirmButtonText'>) {
    return (await notify.choose(options)) === 'confirm';
  },
  /** The confirm dialog with a second way forward (`denyButtonText`, shown when given): which was chosen, or null for Cancel. */
  async choose(options: Pick<SweetAlertOptions, 'icon' | 'title' | 'text' | 'confirmButtonText' | 'denyButtonText'>): Promise<'confirm' | 'deny' | null> {
    const Swal = await swal();
    const result = await Swal.fire({
      ...options,
      showCancelButton: true,
      showDenyButton: Boolean(options.denyButtonText),
      ...BUTTONS,
    });
    return result.isConfirmed ? 'confirm' : result.isDenied ? 'deny' : null;
  },
};
