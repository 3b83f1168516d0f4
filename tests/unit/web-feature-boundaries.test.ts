import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The web's import boundaries (decision 0073), checked through ESLint's Node API with the
// repository's own eslint.config.js, on source strings placed at real paths in apps/web/src.
const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/web/src/${filePath}` });
  return result!.messages
    .filter((m) => m.ruleId === 'import/no-restricted-paths' || m.ruleId === 'import/no-unresolved')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

// Loading the config and its plugins takes seconds on a busy machine; the first lint pays for it.
describe('web feature boundaries', { timeout: 60_000 }, () => {
  it("refuses a feature importing another feature's internals", async () => {
    const errors = await boundaryErrors(
      'features/home/components/Fixture.tsx',
      "import { sendTransfer } from '../../transfer/api/transfer-api';\nexport const f = sendTransfer;\n",
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /^import\/no-restricted-paths: .* A feature may not import another feature/,
      ),
    ]);
  });

  it('refuses an admin section importing a user-facing feature', async () => {
    const errors = await boundaryErrors(
      'features/admin/services/components/Fixture.tsx',
      "import { PlanPicker } from '../../../purchases/components/PlanPicker';\nexport const p = PlanPicker;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses a feature importing app/, and shared code importing a feature', async () => {
    const fromFeature = await boundaryErrors(
      'features/home/components/Fixture.tsx',
      "import { router } from '../../../app/router';\nexport const r = router;\n",
    );
    expect(fromFeature).toEqual([expect.stringMatching(/Only app\/ composes features/)]);
    const fromLib = await boundaryErrors(
      'lib/fixture.ts',
      "import { HomePage } from '../features/home/routes/HomePage';\nexport const h = HomePage;\n",
    );
    expect(fromLib).toEqual([expect.stringMatching(/components\/ and lib\/ are shared/)]);
  });

  it('allows shared code, the same feature, and admin sections sharing admin/shared', async () => {
    expect(
      await boundaryErrors(
        'features/home/components/Fixture.tsx',
        [
          "import { Button } from '../../../components/Button';",
          "import { formatNaira } from '../../../lib/money';",
          "import { HomeHeader } from './HomeHeader';",
          'export const all = [Button, formatNaira, HomeHeader];',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'features/admin/users/components/Fixture.tsx',
        "import { Pagination } from '../../shared/Pagination';\nexport const p = Pagination;\n",
      ),
    ).toEqual([]);
  });

  it('lets only app/ compose features', async () => {
    expect(
      await boundaryErrors(
        'app/Fixture.tsx',
        "import { HomePage } from '../features/home/routes/HomePage';\nexport const h = HomePage;\n",
      ),
    ).toEqual([]);
  });

  it('reports a relative import it cannot resolve instead of letting it pass unchecked', async () => {
    const errors = await boundaryErrors(
      'features/home/components/Fixture.tsx',
      "import { x } from '../../transfer/api/no-such-file';\nexport const y = x;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/^import\/no-unresolved/)]);
  });

  it('fences every feature folder, including one added later', async () => {
    const features = readdirSync(`${root}apps/web/src/features`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(features.length).toBeGreaterThan(10);
    for (const feature of features) {
      const other = features.find((name) => name !== feature && name !== 'admin')!;
      const errors = await boundaryErrors(
        `features/${feature}/Fixture.tsx`,
        `import * as other from '../${other}/${firstFile(other)}';\nexport const o = other;\n`,
      );
      expect(errors, `${feature} importing ${other}`).toHaveLength(1);
    }
  });
});

/** A file of the feature, as an import path without its extension. */
function firstFile(feature: string): string {
  const entries = readdirSync(`${root}apps/web/src/features/${feature}`, {
    recursive: true,
    encoding: 'utf8',
  });
  const file = entries
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts'))
    .sort()[0]!;
  return file.replace(/\.tsx?$/, '');
}
