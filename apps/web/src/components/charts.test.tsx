import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';
import { ShareDonut, TrendBarChart, TrendLineChart } from './charts';

const data = [
  { month: 'Feb 26', gross: 1200, subsidy: 100 },
  { month: 'Mär 26', gross: 1300, subsidy: 120 },
];
const series = [
  { name: 'gross', label: 'Bruttoumwandlung', color: 'ev.6' },
  { name: 'subsidy', label: 'Zuschuss', color: 'blue.6' },
];

describe('the charts module', () => {
  // Without a layout (happy-dom) recharts draws no surface: the browser journeys see the pictures; this
  // keeps the module's props in step with @mantine/charts.
  it('renders line, bar and ring charts without recharts’ keyboard layer', () => {
    const view = renderWithProviders(
      <>
        <TrendLineChart data={data} dataKey="month" series={series} height={200} valueFormatter={String} />
        <TrendBarChart data={data} dataKey="month" series={series} height={200} valueFormatter={String} stacked />
        <ShareDonut data={[{ name: 'Teilnehmende', value: 3, color: 'ev.6' }]} label="30 %" size={120} />
      </>,
    );
    expect(view.container.querySelectorAll('.recharts-responsive-container').length).toBeGreaterThanOrEqual(2);
    expect(view.container.querySelector('[role="application"]')).toBeNull();
    expect(view.container.querySelector('[tabindex="0"]')).toBeNull();
  });
});
