/**
 * The revenue-over-the-period chart. recharts is imported only here, and this file only through
 * React.lazy (RevenueSection), so the library loads in its own chunk after the figures paint.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { naira } from '../../shared/format';
import { compactNaira, niceTicks, seriesLabel } from './chart-format';

const BRAND = '#0b6e4f'; // --color-brand-600
const BRAND_SOFT = '#62b693'; // --color-brand-300
const MUTED = '#5b6b65'; // --color-muted
const LINE = '#e3e9e6'; // --color-line

export interface RevenuePoint {
  label: string;
  total: number;
}

/** Bars, not a line: each point is one day's (or month's) takings, not a continuous quantity. */
export default function RevenueChart({ series }: { series: RevenuePoint[] }) {
  const points = series.map((point) => ({ ...point, name: seriesLabel(point.label) }));
  const peak = Math.max(0, ...points.map((p) => p.total));
  if (peak === 0) {
    return (
      <div
        data-testid="revenue-chart-empty"
        className="grid h-48 place-items-center rounded-2xl bg-surface text-center text-sm text-muted"
      >
        No revenue in this period yet
      </div>
    );
  }
  const ticks = niceTicks(peak);
  return (
    <div className="h-48 w-full" data-testid="revenue-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke={LINE} strokeDasharray="3 3" />
          <XAxis
            dataKey="name"
            tickLine={false}
            axisLine={{ stroke: LINE }}
            tick={{ fill: MUTED, fontSize: 11 }}
            interval="preserveStartEnd"
            minTickGap={14}
          />
          <YAxis
            width={48}
            tickLine={false}
            axisLine={false}
            tick={{ fill: MUTED, fontSize: 11 }}
            tickFormatter={compactNaira}
            ticks={ticks}
            domain={[0, ticks.at(-1) ?? peak]}
          />
          <Tooltip
            cursor={{ fill: 'rgba(11, 110, 79, 0.06)' }}
            content={(props) => (
              <ChartTooltip
                active={props.active}
                label={props.label}
                value={props.payload?.[0]?.value}
              />
            )}
          />
          <Bar
            dataKey="total"
            name="Revenue"
            radius={[6, 6, 0, 0]}
            maxBarSize={28}
            isAnimationActive={false}
          >
            {/* The best day (or month) stands out; the others take the brand's lighter shade. */}
            {points.map((point, index) => (
              <Cell key={index} fill={peak > 0 && point.total === peak ? BRAND : BRAND_SOFT} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function ChartTooltip({
  active,
  label,
  value,
}: {
  active?: boolean;
  label?: string | number;
  value: unknown;
}) {
  if (!active || value === undefined) return null;
  return (
    <div className="rounded-xl bg-ink px-3 py-2 text-xs text-white shadow-card">
      <p className="text-white/70">{label}</p>
      <p className="mt-0.5 font-semibold amount">{naira(Number(value) || 0)}</p>
    </div>
  );
}
