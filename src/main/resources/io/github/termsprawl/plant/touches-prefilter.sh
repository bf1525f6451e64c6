# The edit hook answers at once, without Java, when there is nothing to say (docs/touches.md, "Without Java").
# It may only ever send more to Java, never leave a warning out: what it cannot tell for sure goes on below.
if [ "${1:-}" = --hook ]; then
  self=${TERMSPRAWL_NODE_ID:-}
  case $self in '' | [!A-Za-z0-9]* | *[!A-Za-z0-9_-]*) exit 0 ;; esac
  case $0 in */*) s=${0%/*}/.. ;; *) s=.. ;; esac
  # the linked peers, by the links' names; a peer without an edits list of its own hooks is read by Java
  quick=1 lists=
  for l in "$s"/links/*--*.json; do
    n=${l##*/}; n=${n%.json}
    case $n in "$self"--*) p=${n#"$self"--} ;; *--"$self") p=${n%--"$self"} ;; *) continue ;; esac
    case $p in *--*) quick= ;; esac
    if [ -f "$s/transcripts/$p.edits" ] && [ ! -L "$s/transcripts/$p.edits" ]; then lists="$lists $p.edits"; else quick=; fi
  done
  [ -n "$quick" ] && [ -z "$lists" ] && exit 0
  # the payload to its end, as the agent writes and closes it (its own hook timeout bounds the wait)
  payload=$(head -c 1048577)
  [ ${#payload} -gt 1048576 ] && exit 0
  fed=1
  case $payload in *'"tool_name":"'*) tool=${payload#*\"tool_name\":\"}; tool=${tool%%\"*} ;; *) tool= ;; esac
  paths=
  case $tool in
    Edit | MultiEdit | Write | NotebookEdit | write_file | replace | edit | smart_edit | write | multiedit)
      for k in file_path notebook_path absolute_path filePath path; do
        case $payload in *"\"$k\":\""*) v=${payload#*\"$k\":\"}; paths=${v%%\"*}; break ;; esac
      done ;;
    apply_patch | patch)
      for m in 'Add File: ' 'Update File: ' 'Delete File: ' 'Move to: '; do
        rest=$payload
        while case $rest in *"*** $m"*) true ;; *) false ;; esac; do
          rest=${rest#*"*** $m"}; v=${rest%%\\n*}; paths="$paths
${v%%\"*}"
        done
      done ;;
    # a shell command without a writer the transcript rules know changes no file (docs/touches.md)
    Bash | run_shell_command | bash | exec_command | shell | shell_command | local_shell)
      case $payload in *'>'* | *'sed '* | *'rm '* | *'mv '* | *'cp '* | *unlink* | *'git '* | *'*** '*) quick= ;; *) exit 0 ;; esac ;;
    '') quick= ;;
    *) exit 0 ;;
  esac
  if [ -n "$quick" ]; then
    # each path as the peers' lists hold it: relative to the project, plain
    case $0 in /*) r=${0%/.termsprawl/bin/*} ;; *) r=$PWD/${0%/.termsprawl/bin/*} ;; esac
    case $r in */.) r=${r%/.} ;; esac
    case $payload in *'"cwd":"'*) c=${payload#*\"cwd\":\"}; c=${c%%\"*} ;; *) c=$r ;; esac
    rels= args=
    ifs=$IFS; IFS='
'; set -f
    for v in $paths; do
      case $v in "$r"/*) v=${v#"$r"/} ;; /*) quick= ;; *) [ "$c" = "$r" ] || case $c in "$r"/*) v=${c#"$r"/}/$v ;; *) quick= ;; esac ;; esac
      case /$v/ in *\\* | *' '* | *'	'* | *'*'* | *'?'* | *'['* | */../* | */./* | *//*) quick= ;; esac
      rels="$rels
$v"; args="$args -e $v"
    done
    IFS=$ifs; set +f
    [ -n "$args" ] || quick=
  fi
  if [ -n "$quick" ]; then
    set -f
    (cd "$s/transcripts" && exec grep -Fxiq $args -- $lists) 2>/dev/null
    st=$?
    set +f
    if [ $st -eq 1 ]; then
      # no peer listed them: this node lists them, for its peers' hooks, and the edit goes on
      e=$s/transcripts/$self.edits
      [ -f "$e" ] && [ ! -L "$e" ] && printf '%s\n' $rels >> "$e"
      exit 0
    fi
  fi
fi
