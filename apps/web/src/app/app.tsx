import { i18n } from '../lib/i18n';
import { AppRouter } from './app-router';
import { AppProviders } from './providers';

export function App() {
  return (
    <AppProviders i18n={i18n}>
      <AppRouter />
    </AppProviders>
  );
}
