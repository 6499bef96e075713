import { useEffect } from 'react';
import Typography from '@mui/material/Typography';
import { SECTIONS } from '../../../app/sections.ts';
import { ComingNext } from '../../../components/ComingNext.tsx';
import { useProperties } from '../../properties/PropertyProvider.tsx';

/** SPEC §2: this screen loads the property list once on its own, whatever the usual conditions. */
export function AccountantPaymentsPage() {
  const { properties, loading, fetchProperties } = useProperties();
  useEffect(() => {
    void fetchProperties();
    // Once, on arrival: later changes of the provider's callbacks must not fetch again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <ComingNext {...SECTIONS.payments} />
      <Typography sx={{ mt: 2 }} color="text.secondary" aria-live="polite">
        {loading ? 'Loading properties…' : `${properties.length} properties ready for receipting.`}
      </Typography>
    </>
  );
}
