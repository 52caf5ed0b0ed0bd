// The charts' own module, loaded only where a chart is shown (lazy-charts.tsx): @mantine/charts with
// recharts underneath and their styles, kept out of every other page's JavaScript (ADR 0063).
import '@mantine/charts/styles.css';

import { BarChart, DonutChart, LineChart } from '@mantine/charts';

export interface ChartSeries {
  /** The key of each data row that holds the series' value. */
  name: string;
  label: string;
  color: string;
}

export interface CartesianChartProps {
  data: Record<string, string | number>[];
  /** The key of each data row that holds its label on the x axis. */
  dataKey: string;
  series: ChartSeries[];
  height: number;
  /** Axis ticks and tooltip values. */
  valueFormatter: (value: number) => string;
  /** Width the y axis' labels need (formatted amounts are wider than counts). */
  yAxisWidth?: number;
}

/*
 * The charts are pictures to assistive technology: the frame (chart-figure.tsx) names them, shows
 * their legend (as text that wraps on a phone, which recharts' legend of a fixed height does not) and
 * their table gives every figure, so recharts' keyboard layer (a focusable, unnamed application) is
 * off. Without animations nothing moves after the first paint.
 */
const common = {
  accessibilityLayer: false,
  tooltipAnimationDuration: 0,
  withLegend: false,
  gridAxis: 'y' as const,
};

export function TrendLineChart({
  data,
  dataKey,
  series,
  height,
  valueFormatter,
  yAxisWidth = 72,
}: CartesianChartProps) {
  return (
    <LineChart
      h={height}
      data={data}
      dataKey={dataKey}
      series={series.map(({ name, label, color }) => ({ name, label, color }))}
      valueFormatter={valueFormatter}
      curveType="linear"
      yAxisProps={{ width: yAxisWidth }}
      lineProps={{ isAnimationActive: false }}
      {...common}
    />
  );
}

export function TrendBarChart({
  data,
  dataKey,
  series,
  height,
  valueFormatter,
  yAxisWidth = 40,
  stacked = false,
}: CartesianChartProps & { stacked?: boolean }) {
  return (
    <BarChart
      h={height}
      data={data}
      dataKey={dataKey}
      series={series.map(({ name, label, color }) => ({ name, label, color }))}
      type={stacked ? 'stacked' : 'default'}
      valueFormatter={valueFormatter}
      yAxisProps={{ width: yAxisWidth, allowDecimals: false }}
      barProps={{ isAnimationActive: false }}
      maxBarWidth={40}
      {...common}
    />
  );
}

export interface ShareDonutProps {
  data: { name: string; value: number; color: string }[];
  /** Shown in the ring's middle (e.g. the share in percent). */
  label: string;
  size: number;
}

export function ShareDonut({ data, label, size }: ShareDonutProps) {
  return (
    <DonutChart
      data={data}
      size={size}
      thickness={Math.round(size / 8)}
      chartLabel={label}
      accessibilityLayer={false}
      withTooltip={false}
      // Its sectors take no focus: the picture is named by the sentence beside it.
      pieProps={{ isAnimationActive: false, rootTabIndex: -1 }}
    />
  );
}
