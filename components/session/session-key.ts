/**
 * The SWR key of the session, apart from the hooks: a 'use client' module's exports reach a
 * server component as client references, and the dashboard layout needs the string itself.
 */
export const SESSION_KEY = '/api/session';
