new File(basedir, '.gitattributes').text = '* text=auto\n'
true
