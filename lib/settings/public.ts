import 'server-only';
import { unstable_cache } from 'next/cache';
import { SETTINGS_TAG, readSnapshot } from './store';

/**
 * The settings as prerendered pages read them: through Next.js's data cache under the settings
 * tag, so the pages that read them carry the tag too, and a save (lib/settings/store.ts) marks
 * every one of them stale at once. Read from the database when the cache has none, never from
 * this process's own copy, which may be seconds behind another instance's write.
 */
export const publicSettings = unstable_cache(readSnapshot, ['bistro-settings'], { tags: [SETTINGS_TAG] });
