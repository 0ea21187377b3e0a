'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

const LENGTH = 6;
const CHAR_WIDTH = 25;
const HEIGHT = 44;
// No 0/O or 1/l/I: a person must be able to read it.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

function randomText(): string {
  const values = crypto.getRandomValues(new Uint32Array(LENGTH));
  return Array.from(values, (v) => ALPHABET[v % ALPHABET.length]).join('');
}

/**
 * The login captcha: six random characters drawn on a canvas, 25 px each, with a reload link.
 * It reports whether the typed text matches; the form keeps Login disabled until it does.
 */
export function Captcha({ onMatchChange }: { onMatchChange: (matches: boolean) => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The text is only drawn, never rendered as markup, so it lives in a ref.
  const textRef = useRef('');
  const [typed, setTyped] = useState('');
  const [matches, setMatches] = useState(false);

  const draw = useCallback((value: string) => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = '#f3f3f3';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    for (let i = 0; i < 6; i++) {
      ctx.strokeStyle = `hsl(${(i * 60) % 360} 40% 70%)`;
      ctx.beginPath();
      ctx.moveTo(Math.random() * canvas.width, Math.random() * HEIGHT);
      ctx.lineTo(Math.random() * canvas.width, Math.random() * HEIGHT);
      ctx.stroke();
    }
    ctx.font = 'bold 24px ui-monospace, monospace';
    ctx.textBaseline = 'middle';
    [...value].forEach((ch, i) => {
      ctx.save();
      ctx.translate(i * CHAR_WIDTH + CHAR_WIDTH / 2, HEIGHT / 2);
      ctx.rotate((Math.random() - 0.5) * 0.5);
      ctx.fillStyle = '#151515';
      ctx.textAlign = 'center';
      ctx.fillText(ch, 0, 0);
      ctx.restore();
    });
  }, []);

  const newText = useCallback(() => {
    textRef.current = randomText();
    draw(textRef.current);
  }, [draw]);

  // Drawn once the canvas exists; random text is made in the browser only, never on the server.
  useEffect(newText, [newText]);

  function reload() {
    newText();
    setTyped('');
    setMatches(false);
    onMatchChange(false);
  }

  function onType(value: string) {
    const ok = value.length === LENGTH && value === textRef.current;
    setTyped(value);
    setMatches(ok);
    onMatchChange(ok);
  }

  return (
    <div>
      <div className="flex items-center gap-4">
        <canvas
          ref={canvasRef}
          width={LENGTH * CHAR_WIDTH}
          height={HEIGHT}
          role="img"
          aria-label="Captcha: six characters to type below"
          data-testid="captcha-canvas"
          className="rounded border border-gray-300"
        />
        <button type="button" onClick={reload} className="text-sm text-blue-700 underline hover:text-blue-900">
          Reload Captcha
        </button>
      </div>
      <label htmlFor="captcha" className="mt-3 block text-sm font-semibold">
        Type the characters above
      </label>
      <input
        id="captcha"
        name="captcha"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={typed}
        onChange={(e) => onType(e.target.value)}
        aria-describedby="captcha-state"
        className="mt-1 w-full rounded border border-gray-300 px-4 py-3"
      />
      <p id="captcha-state" aria-live="polite" className={`mt-1 text-sm ${matches ? 'text-green-700' : 'text-red-600'}`}>
        {matches ? 'Captcha matches.' : typed.length >= LENGTH ? 'Captcha does not match. Letters are case-sensitive.' : ''}
      </p>
    </div>
  );
}
