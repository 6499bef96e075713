import { useCompany } from '../../../session/index.ts';

/**
 * The company's name, or `fallback` until it has loaded. Its own component so the company's
 * arrival redraws this text only, not the home around it.
 */
export function CompanyName({ fallback }: { fallback: string }) {
  const { company } = useCompany();
  return company?.name ?? fallback;
}
