/** How much of a picture has reached the server, while it uploads. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div>
      <div role="progressbar" aria-label="Picture upload" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-gray-200">
        <div className="h-full bg-gold transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
