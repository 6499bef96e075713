-- The balance check reads only the new line's own journal. Run as the app role, row-level security
-- added its company filter, and without table statistics (PGlite never analyses) the planner
-- combined it with the journal index: every check scanned all of the company's lines, so posting
-- n lines in one transaction cost n² at commit (a 10,000-payment import: minutes). As the table's
-- owner the check skips row-level security and looks the journal up by its index alone; it still
-- reads nothing but that journal's lines.
ALTER FUNCTION ledger_journal_balanced() SECURITY DEFINER SET search_path = public;
