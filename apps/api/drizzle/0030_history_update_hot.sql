-- The settlement's update of the history row (status, metadata, updated_at) is meant to be HOT
-- (decision 0083): a new row version on the same page and no new entry in any index. PostgreSQL
-- allows that only when no index reads a column the update changes, and this index was the one
-- that read status: each settlement wrote a new entry into all eight indexes of transactions,
-- the trigram one included. The admin's status filter reads the created_at index instead, and
-- open orders through purchases_open_idx (admin-transactions/repository.ts).
DROP INDEX "transactions_status_created_idx";--> statement-breakpoint
-- Room on each page for the settled version of the rows inserted there: a HOT update needs space
-- on the row's own page. 90 keeps about 800 bytes of a page free, more than one settled purchase
-- row (about 450 to 550 bytes with its search text), so the settlement finds room until the page
-- is pruned (which happens as the page is read once its free space falls under that 10%); rows
-- never updated (transfers, deposits, credits) cost a tenth more pages. Applies to pages filled
-- from now on; the rows already there were settled long ago.
ALTER TABLE "transactions" SET (fillfactor = 90);
