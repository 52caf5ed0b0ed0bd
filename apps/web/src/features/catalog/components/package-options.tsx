import { NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { DeliveryOptionSchema, TiresSchema, type DeliveryOption, type Tires } from '@leasing/contract';

import { formatKm } from '../../../lib/format';
import type { PackageSelection } from '../hooks/use-package-selection';

const isTires = (value: string): value is Tires => TiresSchema.safeParse(value).success;
const isDelivery = (value: string): value is DeliveryOption => DeliveryOptionSchema.safeParse(value).success;

/**
 * Duration, km per year, tyres, colour and delivery (spec 2.4, 4.3). Native selects: keyboard and screen
 * reader behaviour of the platform, and the phone's own picker on small screens.
 */
export function PackageOptions({
  selection,
  colors,
  deliveryOptions,
}: {
  selection: PackageSelection;
  colors: readonly string[];
  deliveryOptions: readonly DeliveryOption[];
}) {
  const { t } = useTranslation('catalog');
  const pkg = selection.leasePackage;
  const choose = { value: '', label: t('options.choose'), disabled: true };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="sm">
        <NativeSelect
          label={t('options.duration')}
          value={pkg ? String(pkg.durationMonths) : ''}
          data={selection.durations.map((months) => ({
            value: String(months),
            label: t('options.durationValue', { count: months }),
          }))}
          onChange={(event) => {
            selection.selectDuration(Number(event.currentTarget.value));
          }}
          disabled={!pkg}
        />
        <NativeSelect
          label={t('options.kmPerYear')}
          value={pkg ? String(pkg.kmPerYear) : ''}
          data={selection.kms.map((km) => ({ value: String(km), label: formatKm(km) }))}
          onChange={(event) => {
            selection.selectKm(Number(event.currentTarget.value));
          }}
          disabled={!pkg}
        />
      </SimpleGrid>
      <NativeSelect
        label={t('options.tires')}
        value={pkg?.tires ?? ''}
        data={selection.tires.map((tires) => ({ value: tires, label: t(`tires.${tires}`) }))}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isTires(value)) selection.selectTires(value);
        }}
        disabled={!pkg}
      />
      <NativeSelect
        label={t('options.color')}
        value={selection.color ?? ''}
        data={[...(selection.color === null ? [choose] : []), ...colors]}
        onChange={(event) => {
          selection.selectColor(event.currentTarget.value);
        }}
        disabled={colors.length === 0}
      />
      <NativeSelect
        label={t('options.delivery')}
        value={selection.delivery ?? ''}
        data={[
          ...(selection.delivery === null ? [choose] : []),
          ...deliveryOptions.map((option) => ({ value: option, label: t(`delivery.${option}`) })),
        ]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isDelivery(value)) selection.selectDelivery(value);
        }}
        disabled={deliveryOptions.length === 0}
      />
    </Stack>
  );
}
