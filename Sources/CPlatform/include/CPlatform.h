#ifndef STATEGATE_CPLATFORM_H
#define STATEGATE_CPLATFORM_H

/* Renames `from` to `to` only if `to` does not exist, atomically (renameat2 RENAME_NOREPLACE on
   Linux, renamex_np RENAME_EXCL on Apple platforms). Returns 0, or -1 with errno set (EEXIST
   when `to` exists). */
int stategate_rename_noreplace(const char *from, const char *to);

#endif
