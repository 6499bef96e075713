import { ComingNext } from '../../../components/ComingNext.tsx';
import { SECTIONS, type SectionKey } from '../../../app/sections.ts';

export function SectionPage({ section }: { section: SectionKey }) {
  return <ComingNext {...SECTIONS[section]} />;
}
