// The web app's import boundaries (decision 0073), as zones of eslint-plugin-import's
// `no-restricted-paths`. One zone per feature folder, read from disk, so a new feature is fenced
// the day it is created without anyone editing this list.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const basePath = dirname(dirname(fileURLToPath(import.meta.url)));
const src = 'apps/web/src';

/** The top-level folders of src/features; admin's sections are one feature with a shared/ of its own. */
export const webFeatures = readdirSync(join(basePath, src, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const FEATURE_MESSAGE =
  'A feature may not import another feature: move what both need to components/ or lib/ (decision 0073).';
const APP_MESSAGE =
  'Only app/ composes features; a feature may not import from app/ (decision 0073).';
const SHARED_MESSAGE =
  'components/ and lib/ are shared by every feature and may not import a feature or app/ (decision 0073).';

const zones = [
  ...webFeatures.map((feature) => ({
    target: `./${src}/features/${feature}`,
    from: `./${src}/features`,
    except: [`./${feature}`],
    message: FEATURE_MESSAGE,
  })),
  { target: `./${src}/features`, from: `./${src}/app`, message: APP_MESSAGE },
  {
    target: [`./${src}/components`, `./${src}/lib`],
    from: [`./${src}/features`, `./${src}/app`],
    message: SHARED_MESSAGE,
  },
];

/** Paths in the zones are relative to the repository root, wherever ESLint is started from. */
export const webBoundaryZones = { basePath, zones };
