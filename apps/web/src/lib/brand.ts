/** Static brand name for the first paint; the runtime config's appName may refine it later. */
export const APP_NAME = 'Owo';
