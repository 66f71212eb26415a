#!/bin/sh
# Checks and unit-tests the alert rules with Debian's promtool (apt-get install prometheus);
# without it, says so in one line and passes, as the storage suite does without PostgreSQL.
set -eu
cd "${0%/*}"
if ! command -v promtool >/dev/null 2>&1; then
  echo "alert rules not tested: promtool is not installed (apt-get install prometheus)"
  exit 0
fi
promtool check rules alerts.yml
promtool test rules alerts.test.yml
