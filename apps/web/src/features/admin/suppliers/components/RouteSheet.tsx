import { useState } from 'react';
import { SUPPLIER_NAMES, type SupplierId, type SupplierRouteDto } from '@owo/shared/suppliers';
import { BottomSheet } from '../../../../components/BottomSheet';
import { Button } from '../../../../components/Button';
import { ChevronDownIcon } from '../../../../components/more-icons';
import { messageOr } from '../../../../lib/api-errors';
import { toast } from '../../../../lib/toast';
import { useSetRoute } from '../api/suppliers-api';
import { suppliersTexts as t } from '../suppliers-texts';

interface Row {
  supplier: SupplierId;
  used: boolean;
}

/** Chooses a route's suppliers and their order: the used ones first, in the order tried. */
export function RouteSheet({ route, onClose }: { route: SupplierRouteDto; onClose: () => void }) {
  const [rows, setRows] = useState<Row[]>(() => [
    ...route.suppliers.map((supplier) => ({ supplier, used: true })),
    ...route.choices
      .filter((s) => !route.suppliers.includes(s))
      .map((supplier) => ({ supplier, used: false })),
  ]);
  const save = useSetRoute();
  const chosen = rows.filter((r) => r.used).map((r) => r.supplier);

  const move = (index: number, by: -1 | 1) =>
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });
  const toggle = (index: number) =>
    setRows((current) => current.map((r, i) => (i === index ? { ...r, used: !r.used } : r)));

  const submit = () =>
    save.mutate(
      { service: route.service, network: route.network, suppliers: chosen },
      {
        onSuccess: () => {
          toast.success(t.routeSaved);
          onClose();
        },
        onError: (failure) => toast.error(messageOr(failure, t.routeFailed)),
      },
    );

  // Each used supplier's place in the order tried (unused ones have none).
  const positions = rows.map((_, i) => rows.slice(0, i + 1).filter((r) => r.used).length);
  return (
    <BottomSheet
      open
      onClose={onClose}
      title={t.routeTitle(route.serviceName, route.network)}
      description={t.routeDescription}
    >
      <ol className="grid gap-2 pb-4">
        {rows.map((row, index) => {
          const name = SUPPLIER_NAMES[row.supplier];
          return (
            <li
              key={row.supplier}
              className={`flex min-h-14 items-center gap-3 rounded-2xl border px-3 ${
                row.used ? 'border-brand-200 bg-brand-50/60' : 'border-line bg-white'
              }`}
            >
              <input
                type="checkbox"
                checked={row.used}
                onChange={() => toggle(index)}
                aria-label={t.use(name)}
                className="size-5 accent-brand-600"
              />
              <span
                aria-hidden="true"
                className={`grid size-6 place-items-center rounded-full text-xs font-bold ${
                  row.used ? 'bg-brand-600 text-white' : 'bg-surface text-muted'
                }`}
              >
                {row.used ? positions[index] : '–'}
              </span>
              <span
                className={`flex-1 text-sm font-medium ${row.used ? 'text-ink' : 'text-muted'}`}
              >
                {name}
              </span>
              <button
                type="button"
                aria-label={t.moveUp(name)}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                className="grid size-9 place-items-center rounded-xl text-ink hover:bg-white disabled:opacity-30"
              >
                <ChevronDownIcon size={18} className="rotate-180" />
              </button>
              <button
                type="button"
                aria-label={t.moveDown(name)}
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
                className="grid size-9 place-items-center rounded-xl text-ink hover:bg-white disabled:opacity-30"
              >
                <ChevronDownIcon size={18} />
              </button>
            </li>
          );
        })}
      </ol>
      {chosen.length === 0 ? (
        <p role="alert" className="-mt-2 pb-3 text-sm text-danger">
          {t.routeEmpty}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 pb-4">
        <Button variant="outline" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={chosen.length === 0}>
          {t.save}
        </Button>
      </div>
    </BottomSheet>
  );
}
