import { SUPPLIER_NAMES, type SupplierRouteDto } from '@owo/shared/suppliers';
import { suppliersTexts as t } from '../suppliers-texts';

/** The routing table: per network, its suppliers in the order they are tried. */
export function RoutesCard({
  routes,
  canEdit,
  onChange,
}: {
  routes: SupplierRouteDto[];
  canEdit: boolean;
  onChange: (route: SupplierRouteDto) => void;
}) {
  return (
    <ul className="divide-y divide-line rounded-3xl bg-white px-4 shadow-card">
      {routes.map((route) => (
        <li
          key={`${route.service}:${route.network}`}
          aria-label={`${route.serviceName} ${route.network} route`}
          className="flex items-center gap-3 py-3"
        >
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-ink">
              {route.serviceName} · {route.network}
            </p>
            <ol className="mt-1.5 flex flex-wrap items-center gap-1.5" data-testid="route-order">
              {route.suppliers.map((supplier, index) => (
                <li
                  key={supplier}
                  className="inline-flex items-center gap-1.5 rounded-full bg-surface py-1 pr-2.5 pl-1 text-xs font-medium text-ink"
                >
                  <span className="grid size-5 place-items-center rounded-full bg-brand-600 text-[11px] font-bold text-white">
                    {index + 1}
                  </span>
                  {SUPPLIER_NAMES[supplier]}
                </li>
              ))}
            </ol>
          </div>
          {canEdit ? (
            <button
              type="button"
              onClick={() => onChange(route)}
              aria-label={`${t.changeRoute} ${route.serviceName} ${route.network} route`}
              className="min-h-9 shrink-0 rounded-xl px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 active:bg-brand-100"
            >
              {t.changeRoute}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
