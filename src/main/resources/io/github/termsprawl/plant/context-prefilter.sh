# The note at each prompt says nothing, without Java, when nothing changed since the node's last prompt
# (docs/context.md, "The note at each prompt"): what may have changed is compared by time, in the shell alone.
if [ "${1:-}" = --hook ]; then
  self=${TERMSPRAWL_NODE_ID:-}
  case $self in '' | [!A-Za-z0-9]* | *[!A-Za-z0-9_-]*) exit 0 ;; esac
  [ "${TERMSPRAWL_NOTES:-}" = off ] && exit 0
  case $0 in */*) s=${0%/*}/.. ;; *) s=.. ;; esac
  t=$s/transcripts/$self.told
  known=
  [ -f "$t" ] && [ -f "$s/transcripts/$self.watch" ] && [ ! "$s/links" -nt "$t" ] && known=1
  peers= new=
  for l in "$s"/links/*--*.json; do
    n=${l##*/}; n=${n%.json}
    case $n in "$self"--*) p=${n#"$self"--} ;; *--"$self") p=${n%--"$self"} ;; *) continue ;; esac
    peers=1
    [ -n "$known" ] && [ "$s/transcripts/$p.json" -nt "$t" ] && new=1
  done
  [ -z "$peers" ] && exit 0
  if [ -n "$known" ] && [ -z "$new" ]; then
    while IFS= read -r f; do
      if [ "$f" -nt "$t" ]; then new=1; break; fi
    done < "$s/transcripts/$self.watch"
    [ -z "$new" ] && exit 0
  fi
fi
