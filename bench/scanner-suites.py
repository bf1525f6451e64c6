#!/usr/bin/env python3
"""The scanners' own test suites as cases for ScannerSuites (bench/REDACTION.md): the true and false
positives of gitleaks' rules (cmd/generate/config/rules/*.go, whose generated samples are drawn here
from their regexes) and the parametrized cases of detect-secrets' plugin tests. Nothing of theirs is
kept in this repository: this reads checkouts given on the command line and writes a cases file.
usage: scanner-suites.py GITLEAKS_CHECKOUT DETECT_SECRETS_CHECKOUT OUT_FILE"""
import re, random, sys, json, os, string, base64, ast, textwrap, collections
import warnings
warnings.filterwarnings('ignore')
import sre_parse
random.seed(7)
def gen(regex):
    try:
        p = sre_parse.parse(regex)
    except Exception as e:
        return None
    return ''.join(g(p))
CAT={sre_parse.CATEGORY_DIGIT: string.digits, sre_parse.CATEGORY_WORD: string.ascii_letters+string.digits+'_', sre_parse.CATEGORY_SPACE:' '}
def g(items):
    out=[]
    for op, av in items:
        if op == sre_parse.LITERAL: out.append(chr(av))
        elif op == sre_parse.IN:
            chars=[]; neg=False
            for o,a in av:
                if o==sre_parse.LITERAL: chars.append(chr(a))
                elif o==sre_parse.RANGE: chars += [chr(c) for c in range(a[0],a[1]+1)]
                elif o==sre_parse.CATEGORY: chars += list(CAT.get(a,'x'))
                elif o==sre_parse.NEGATE: neg=True
            if neg: chars=[c for c in string.ascii_letters+string.digits if c not in chars]
            out.append(random.choice(chars) if chars else 'x')
        elif op in (sre_parse.MAX_REPEAT, sre_parse.MIN_REPEAT):
            lo, hi, sub = av
            hi = min(hi, lo + 20) if hi != sre_parse.MAXREPEAT else lo + 10
            n = random.randint(lo, hi)
            for _ in range(n): out += g(sub)
        elif op == sre_parse.SUBPATTERN: out += g(av[-1])
        elif op == sre_parse.BRANCH: out += g(random.choice(av[1]))
        elif op == sre_parse.ANY: out.append(random.choice(string.ascii_letters))
        elif op == sre_parse.CATEGORY: out.append(random.choice(CAT.get(av,'x')))
        elif op in (sre_parse.AT,): pass
        else: pass
    return out

def sample_secrets(ident, secret):
    t = ["{i}Token=\"{s}\"","{i}Token = \"{s}\"","{i}Token={s}","{i}Token = {s}","{\n    \"{i}_token\": \"{s}\"\n}",
         "{\"config.ini\": \"{I}_TOKEN={s}\\nBACKUP_ENABLED=true\"}","<{i}Token>\n    {s}\n</{i}Token>","{i}_token: {s}",
         "{i}_token: '{s}'","{i}_token: \"{s}\"","string {i}Token = \"{s}\";","var {i}Token string = \"{s}\"","{i}Token := \"{s}\"",
         "{i}Token := `{s}`","String {i}Token = \"{s}\";","var {i}Token = \"{s}\"","${i}Token .= \"{s}\"","{i}Token = '{s}'",
         "{i}Token = \"{s}\"","System.setProperty(\"{I}_TOKEN\", \"{s}\")","  \"{i}Token\" => \"{s}\"","{i}_TOKEN = \"{s}\"",
         "{i}_TOKEN := \"{s}\"","{i}_TOKEN ::= \"{s}\"","{i}_TOKEN :::= \"{s}\"","{i}_TOKEN ?= \"{s}\""]
    return [x.replace('{i}',ident).replace('{I}',ident.upper()).replace('{s}',secret) for x in t]

# --- a tiny evaluator of Go expressions of string literals, + and a few calls
def lit(src, i):
    if src[i]=='`':
        j=src.index('`',i+1); return src[i+1:j], j+1
    j=i+1; buf=''
    while src[j]!='"':
        if src[j]=='\\':
            nx=src[j+1]; buf+={'n':'\n','t':'\t','r':'\r','"':'"','\\':'\\'}.get(nx, '\\'+nx); j+=2
        else: buf+=src[j]; j+=1
    return buf, j+1
def skipws(src,i):
    while i<len(src):
        if src[i] in ' \t\r\n': i+=1
        elif src.startswith('//',i): i=src.index('\n',i)
        else: break
    return i
def expr(src,i,env):
    vals=[]; i=skipws(src,i)
    v,i=term(src,i,env); vals.append(v)
    while True:
        i=skipws(src,i)
        if i<len(src) and src[i]=='+':
            v2,i=term(src,skipws(src,i+1),env); vals.append(v2)
        else: break
    if any(isinstance(v,list) for v in vals):
        if len(vals)==1: return vals[0], i
        raise ValueError('list concat')
    return ''.join(vals), i
def args(src,i,env):
    assert src[i]=='('; i+=1; out=[]
    while True:
        i=skipws(src,i)
        if src[i]==')': return out, i+1
        v,i=expr(src,i,env); out.append(v); i=skipws(src,i)
        if src[i]==',': i+=1
        elif src.startswith('...',i): i+=3
def term(src,i,env):
    if src[i] in '`"': return lit(src,i)
    m=re.match(r'[A-Za-z_][\w.]*',src[i:])
    if not m: raise ValueError('term '+src[i:i+30])
    name=m.group(); i+=len(name); i=skipws(src,i)
    if i<len(src) and src[i]=='(':
        a,i=args(src,i,env)
        f=name.split('.')[-1]
        if f=='NewSecret': s=gen(a[0]); 
        elif f=='Numeric': s='[0-9]{%s}'%a[0]
        elif f=='Hex': s='[a-f0-9]{%s}'%a[0]
        elif f=='AlphaNumeric': s='[a-z0-9]{%s}'%a[0]
        elif f=='AlphaNumericExtendedShort': s='[a-z0-9_-]{%s}'%a[0]
        elif f=='AlphaNumericExtended': s='[a-z0-9=_\\-]{%s}'%a[0]
        elif f=='AlphaNumericExtendedLong': s='[a-z0-9\\/=_\\+\\-]{%s}'%a[0]
        elif f=='Hex8_4_4_4_12': s='[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
        elif f=='GenerateSampleSecrets': s=sample_secrets(a[0],a[1])
        elif f=='GenerateSampleSecret': s=['%s_api_token = "%s"'%(a[0],a[1])]
        elif f=='Sprintf':
            fmt=a[0]; rest=list(a[1:]); s=re.sub(r'%[sdvq]', lambda mm: str(rest.pop(0)), fmt)
        elif f=='Repeat': s=a[0]*int(a[1]) if isinstance(a[1],str) and a[1].isdigit() else a[0]*10
        elif f=='ToUpper': s=a[0].upper()
        elif f=='newPlausibleSecret':
            while True:
                s=gen(a[0])
                if re.search('[1-9]',s): break
        elif f=='MustCompile': s=a[0]
        elif f=='String': s=a[0]
        else: raise ValueError('call '+name)
        if s is None: raise ValueError('gen')
        return s, i
    if name in env: return env[name], i
    if re.fullmatch(r'\d+',name): return name, i
    raise ValueError('name '+name)

def block_items(src, i):
    # i at '{' or '(' : evaluate comma-separated elements until the match
    close={'{':'}','(':')'}[src[i]]; i+=1; items=[]; bad=0
    while True:
        i=skipws(src,i)
        if src[i]==close: return items, bad, i+1
        start=i
        try:
            v,i=expr(src,i,{})
            if isinstance(v,list): items+=v
            else: items.append(v)
        except Exception as e:
            bad+=1
            # skip to next top-level comma
            depth=0
            while True:
                c=src[i]
                if c in '`"':
                    _,i=lit(src,i); continue
                if c in '({[': depth+=1
                elif c in ')}]':
                    if depth==0: break
                    depth-=1
                elif c==',' and depth==0: break
                i+=1
        i=skipws(src,i)
        if src.startswith('...',i): i+=3; i=skipws(src,i)
        if src[i]==',': i+=1


def gitleaks(RULES):
    out={'tps':[], 'fps':[]}; bad=0
    for fn in sorted(os.listdir(RULES)):
        if not fn.endswith('.go') or fn.endswith('_test.go'): continue
        src=open(os.path.join(RULES,fn)).read()
        for m in re.finditer(r'\b(tps|fps)\s*(?::=|=)\s*(?:\[\]string\{|append\(\s*\1\s*,|utils\.GenerateSampleSecrets)', src):
            kind=m.group(1)
            j=m.end()-1 if src[m.end()-1] in '{(' else src.index('(', m.start())
            if m.group(0).endswith('GenerateSampleSecrets'):
                j=m.start(0)+m.group(0).index('utils.')
                try:
                    v,_=expr(src,j,{}); out[kind]+=[(fn,x) for x in v]
                except Exception as e: bad+=1
                continue
            if src[j]=='(':
                pass
            items,b,_=block_items(src,j); bad+=b
            out[kind]+=[(fn,x) for x in items if isinstance(x,str)]
    return out

def detect_secrets(D):
    out=[]
    for fn in sorted(os.listdir(D)):
        if not fn.endswith('_test.py') or fn in ('base_test.py','ip_public_test.py','high_entropy_strings_test.py'): continue
        src=open(os.path.join(D,fn)).read(); tree=ast.parse(src)
        ns={'textwrap':textwrap,'base64':base64,'randint':random.randint,'random':random,'string':string}
        for node in tree.body:
            if isinstance(node, (ast.Assign, ast.FunctionDef)) and not (isinstance(node, ast.FunctionDef) and node.name.startswith('test')):
                try: exec(compile(ast.Module([node],[]),fn,'exec'), ns)
                except Exception as e: pass
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func,'attr','')=='parametrize' and len(node.args)>=2:
                names=ast.literal_eval(node.args[0]) if isinstance(node.args[0], ast.Constant) else None
                try: vals=list(eval(compile(ast.Expression(node.args[1]),fn,'eval'), ns))
                except Exception as e: continue
                if isinstance(names,str): names=[n.strip() for n in names.split(',')]
                for v in vals:
                    if not isinstance(v,tuple): continue
                    d=dict(zip(names,v))
                    text=d.get('line') or d.get('payload') or d.get('file_content') or d.get('secret') or d.get('token')
                    flag=None
                    for k in ('should_flag','expected','is_secret'):
                        if k in d and isinstance(d[k],bool): flag=d[k]
                    if flag is None:
                        for k in ('expected_secret','secret'):
                            if k in d and k!='payload':
                                flag = d[k] is not None if k=='expected_secret' else None
                    if isinstance(text,str) and flag is not None:
                        out.append(('tps' if flag else 'fps', fn.replace('_test.py',''), text))

    seen = {}
    for k, fam, t in out:
        if seen.get((fam, t)) != 'tps':
            seen[(fam, t)] = k
    return [(k, fam, t) for (fam, t), k in seen.items()]

if __name__ == '__main__':
    random.seed(7)
    gl = gitleaks(os.path.join(sys.argv[1], 'cmd/generate/config/rules'))
    dsc = detect_secrets(os.path.join(sys.argv[2], 'tests/plugins'))
    with open(sys.argv[3], 'w') as f:
        for k in ('tps', 'fps'):
            for fn, t in gl[k]:
                f.write('%s\tgitleaks/%s\t%s\n' % (k, fn[:-3], base64.b64encode(t.encode()).decode()))
        for k, fam, t in dsc:
            f.write('%s\tdetect-secrets/%s\t%s\n' % (k, fam, base64.b64encode(t.encode()).decode()))
    print(len(gl['tps']), 'gitleaks positives,', len(gl['fps']), 'look-alikes;', len(dsc), 'detect-secrets cases')
