#!/usr/bin/env bash
# Checks what a stategate binary needs from the system at run time against what the README
# promises: libxml2's shared library, SQLite's and Zstandard's (the .xcresult readers), and glibc, libm, libstdc++ and libgcc_s, which every glibc
# Linux system has; nothing from the Swift toolchain. Prints the libraries and the newest glibc it
# needs. Exits 1, naming the library and how to install it, when one is missing.
# Usage: ci/check-runtime.sh BINARY
set -euo pipefail
binary=${1:?usage: ci/check-runtime.sh BINARY}
fail() {
  echo "error: $*" >&2
  exit 1
}
[ -x "$binary" ] || fail "'$binary' is not an executable file"
listing=$(LD_LIBRARY_PATH='' ldd "$binary" 2>&1) || fail "ldd cannot read '$binary': $listing"
if grep -q 'libxml2\.so[.0-9]* => not found' <<<"$listing"; then
  fail "stategate needs libxml2's shared library (libxml2.so.2), which this system lacks;" \
    "install it: 'apt-get install libxml2' (Debian, Ubuntu) or 'dnf install libxml2' (Fedora, RHEL)"
fi
for pair in "libsqlite3:libsqlite3-0:sqlite-libs" "libzstd:libzstd1:libzstd"; do
  IFS=: read -r name debian fedora <<<"$pair"
  if grep -q "$name\.so[.0-9]* => not found" <<<"$listing"; then
    fail "stategate needs $name's shared library, which this system lacks; install it:" \
      "'apt-get install $debian' (Debian, Ubuntu) or 'dnf install $fedora' (Fedora, RHEL)"
  fi
done
missing=$(awk '/=> not found/ { print $1 }' <<<"$listing")
[ -z "$missing" ] || fail "'$binary' needs libraries this system lacks:" $missing
toolchain_dir=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")
toolchain=$(grep -E -e 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime' \
  -e 'libXCTest|libTesting' -e "$toolchain_dir" <<<"$listing" || true)
[ -z "$toolchain" ] || fail "'$binary' uses the Swift toolchain's shared runtime:
$toolchain
build it with ci/static-binary.sh (--static-swift-stdlib)"
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
for library in $needed; do
  case "$library" in
  libxml2.so.2 | libsqlite3.so.0 | libzstd.so.1 | libc.so.6 | libm.so.6 | libstdc++.so.6 | libgcc_s.so.1 | ld-linux*.so.*) ;;
  *) fail "'$binary' links '$library', which the README does not list as a run-time dependency" ;;
  esac
done
glibc=$(objdump -T "$binary" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -n 1)
echo "run-time dependencies: $(tr '\n' ' ' <<<"$needed")(${glibc/_/ } or newer)"
