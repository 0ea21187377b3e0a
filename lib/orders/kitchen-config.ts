import 'server-only';

/** The kitchen display's settings, read from the environment when the page renders (docs/operations.md, "Configuration"). */
export interface KitchenSettings {
  /** A ticket waiting longer than this turns amber… */
  amberMinutes: number;
  /** …and red past this. */
  redMinutes: number;
  /** How long a tap can be undone before the change is sent. */
  undoSeconds: number;
}

function number(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number(value);
  return value?.trim() && Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

export function kitchenSettings(env: NodeJS.ProcessEnv = process.env): KitchenSettings {
  const amberMinutes = number(env.KITCHEN_AMBER_MINUTES, 10, 1, 240);
  return {
    amberMinutes,
    redMinutes: Math.max(amberMinutes, number(env.KITCHEN_RED_MINUTES, 20, 1, 480)),
    undoSeconds: number(env.KITCHEN_UNDO_SECONDS, 5, 1, 30),
  };
}
