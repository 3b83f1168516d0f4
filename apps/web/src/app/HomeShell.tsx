import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { HomePage } from '../features/home/routes/HomePage';
import { TabLayout } from './layouts/TabLayout';

/**
 * /home as it first looks before anything is known about the customer: its fixed parts (tab bar,
 * promotion banner, service tiles, headings) as they are, the customer's own (name, balance,
 * transactions) as skeletons. Rendered to HTML at build time only (scripts/prerender-landing.ts):
 * index.html shows it while the app's JavaScript loads on a cold start at /home, so the screen
 * paints from the HTML, and the app's first render replaces it with the same layout, filled in.
 */
export function HomeShell() {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route element={<TabLayout />}>
            <Route path="/home" element={<HomePage />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
