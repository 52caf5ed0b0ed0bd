import { lazy } from 'react';

/**
 * The charts, each loaded with the first chart a page shows (one chunk: @mantine/charts, recharts and
 * their styles), never with a page that shows none (ADR 0063, the bundle budget of ADR 0010).
 */
const charts = () => import('./charts');

export const LazyTrendLineChart = lazy(() => charts().then((m) => ({ default: m.TrendLineChart })));
export const LazyTrendBarChart = lazy(() => charts().then((m) => ({ default: m.TrendBarChart })));
export const LazyShareDonut = lazy(() => charts().then((m) => ({ default: m.ShareDonut })));
export type { CartesianChartProps, ChartSeries, ShareDonutProps } from './charts';
