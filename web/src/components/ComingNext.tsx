import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** An honest placeholder for a screen whose feature is not built yet. */
export function ComingNext({ title, description }: { title: string; description: string }) {
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        Coming next: this part of Lintel is being built.
      </Alert>
      <Typography color="text.secondary">{description}</Typography>
    </Paper>
  );
}
