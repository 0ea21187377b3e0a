'use client';

import { useState } from 'react';
import { FormError } from '@/components/ui/field';
import { ApiError, api } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { scheduleText } from '@/lib/menu/availability';
import { menuScheduleSchema } from '@/lib/menu/schemas';
import { MENU_CATEGORIES, type MenuCategory, type MenuSchedule } from '@/lib/menu/types';
import { NEW_SCHEDULE, ScheduleEditor } from './schedule-editor';

type Sections = Partial<Record<MenuCategory, MenuSchedule>>;

const BUTTON = 'inline-flex min-h-11 items-center rounded border border-gray-300 px-4 text-sm font-semibold hover:bg-cream disabled:opacity-50';
const SAVE = 'inline-flex min-h-11 items-center rounded bg-ink px-4 text-sm font-semibold text-white hover:bg-gold disabled:opacity-50';

const sectionName = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

/**
 * The hours of each menu section (breakfast's mornings, the bar's nights), beside the dishes' own:
 * a dish is served when both allow it. PUT /api/menu/schedules, one section at a time.
 */
export function SectionSchedules({ initial }: { initial: Sections }) {
  const [sections, setSections] = useState(initial);
  const [editing, setEditing] = useState<MenuCategory | null>(null);
  return (
    <section aria-labelledby="section-hours" className="mt-8 rounded-lg bg-white p-4 shadow-sm">
      <h2 id="section-hours" className="mb-1 font-display text-2xl uppercase">
        Section hours
      </h2>
      <p className="mb-3 text-sm text-gray-600">A section without hours is served whenever the restaurant is open.</p>
      <ul className="divide-y divide-gray-200">
        {MENU_CATEGORIES.map((category) => (
          <li key={category} className="py-2">
            {editing === category ? (
              <SectionEditor
                category={category}
                schedule={sections[category]}
                onDone={(next) => {
                  if (next) setSections(next);
                  setEditing(null);
                }}
              />
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p>
                  <span className="font-semibold">{sectionName(category)}</span>{' '}
                  <span className="text-sm text-gray-700">{sections[category] ? scheduleText(sections[category]) : 'Whenever open'}</span>
                </p>
                <button type="button" className={BUTTON} onClick={() => setEditing(category)} disabled={editing !== null}>
                  Edit hours
                  <span className="sr-only"> of {sectionName(category)}</span>
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SectionEditor({ category, schedule, onDone }: { category: MenuCategory; schedule?: MenuSchedule; onDone: (sections?: Sections) => void }) {
  const [value, setValue] = useState<MenuSchedule>(schedule ?? NEW_SCHEDULE);
  const [issues, setIssues] = useState<Map<string, string>>(new Map());
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);
  const name = sectionName(category);

  async function save(next: MenuSchedule | null) {
    if (next) {
      const parsed = menuScheduleSchema.safeParse(next);
      if (!parsed.success) {
        setIssues(new Map(parsed.error.issues.map((issue) => [issue.path.join('.') || 'days', issue.message])));
        return;
      }
    }
    setIssues(new Map());
    setFailure('');
    setSending(true);
    try {
      const { sections } = await api<{ sections: Sections }>('/api/menu/schedules', { method: 'PUT', json: { category, schedule: next } });
      void notify.toast(next ? `${name} hours saved` : `${name} is served whenever open`);
      onDone(sections);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'Saving failed. Check the connection and try again.');
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save(value);
      }}
      noValidate
      aria-label={`Hours of ${name}`}
      className="space-y-3"
    >
      <p className="font-semibold">{name}</p>
      <ScheduleEditor id={`section-${category}`} of={name} value={value} onChange={setValue} errorAt={(path) => issues.get(path)} />
      <FormError message={failure} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={sending} className={SAVE}>
          {sending ? 'Saving…' : `Save hours of ${name}`}
        </button>
        {schedule ? (
          <button type="button" disabled={sending} className={BUTTON} onClick={() => void save(null)}>
            Serve whenever open
          </button>
        ) : null}
        <button type="button" disabled={sending} className={BUTTON} onClick={() => onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
