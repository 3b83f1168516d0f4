/**
 * Debian's Chromium (`apt-get install -y chromium`) and the flags it runs with here, for the
 * browser tests (playwright.config.ts) and Lighthouse (scripts/bench/lighthouse.ts): headless, no
 * sandbox (containers), no GPU, no QUIC, and none of the background calls home a fresh profile
 * would otherwise make during a measured load.
 */
export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
