/** A real picture small enough to write down, and the upload form that carries one. */

/** A 1×1 transparent PNG. */
export const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
);

export function imageForm(bytes: Uint8Array<ArrayBuffer>, filename = 'dish.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type }), filename);
  return form;
}
