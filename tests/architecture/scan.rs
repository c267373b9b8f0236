//! A source file read as syntax: the calls it makes and the string literals
//! it writes, with their lines, for rules that must hold by meaning and not
//! by one spelling. Macro bodies are read too: one that parses as Rust
//! (`format!`, `matches!`, `assert_eq!`) as its expressions and patterns,
//! any other (`view!`) token by token. A file's tests (`#[cfg(test)]`) and
//! its comments, doc comments included, are no part of it.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::visit::Visit;
use syn::{Expr, Lit, Pat, Token};

/// A call: a method (`x.closest(…)`) or a function named by the last
/// segment of its path (`window_event_listener(…)`).
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub name: String,
    /// A function's path as written (`Valid::new`); a method's name.
    pub path: String,
    pub method: bool,
    pub args: usize,
    /// Its first argument is text: a string literal or a reference (`&s`).
    pub text_arg: bool,
    pub line: usize,
}

/// Where a string literal stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Place {
    /// In a pattern: a `match` arm, `if let`, `matches!`.
    Pattern,
    /// A side of `==` or `!=`.
    Compared,
    /// In a `const` or `static` item's value.
    Constant,
    /// The value of an `id=` attribute in a view's markup.
    IdAttribute,
    /// The value of an attribute that names a table's rows (`data-tells`,
    /// `data-asks`, `data-question`, `data-figure`), in a view or in
    /// `Markup`'s `("data-tells", Some(…))`.
    NamedAttribute,
    /// Anywhere else.
    Other,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Literal {
    pub value: String,
    pub place: Place,
    pub line: usize,
}

#[derive(Debug, Default)]
pub struct Scan {
    pub calls: Vec<Call>,
    pub literals: Vec<Literal>,
}

/// Read `code` as a Rust file; a file that does not parse is a failure of
/// its own, named.
pub fn scan(name: &str, code: &str) -> Scan {
    let file = syn::parse_file(code).unwrap_or_else(|e| panic!("{name} does not parse: {e}"));
    let mut scan = Scan::default();
    let mut reader = Reader {
        scan: &mut scan,
        place: Place::Other,
    };
    reader.visit_file(&file);
    scan
}

struct Reader<'a> {
    scan: &'a mut Scan,
    /// Where a literal met now stands, set by the enclosing syntax.
    place: Place,
}

fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr
                .meta
                .require_list()
                .is_ok_and(|list| list.tokens.to_string() == "test")
    })
}

/// Attributes whose values are ids of a table's rows: questions, figures.
pub const NAMED_ATTRIBUTES: [&str; 4] = ["data-tells", "data-asks", "data-question", "data-figure"];

fn line_of(span: proc_macro2::Span) -> usize {
    span.start().line
}

fn is_text(expr: &Expr) -> bool {
    matches!(
        expr,
        Expr::Lit(syn::ExprLit {
            lit: Lit::Str(_),
            ..
        }) | Expr::Reference(_)
    )
}

impl Reader<'_> {
    fn within(&mut self, place: Place, visit: impl FnOnce(&mut Self)) {
        let outer = self.place;
        self.place = place;
        visit(self);
        self.place = outer;
    }

    fn literal(&mut self, value: String, line: usize) {
        self.scan.literals.push(Literal {
            value,
            place: self.place,
            line,
        });
    }

    fn call(&mut self, path: String, method: bool, args: &[&Expr], line: usize) {
        let name = path.rsplit("::").next().unwrap_or_default().to_string();
        self.scan.calls.push(Call {
            name,
            path,
            method,
            args: args.len(),
            text_arg: args.first().is_some_and(|a| is_text(a)),
            line,
        });
    }

    /// A macro's body: as Rust where it is Rust, else token by token.
    fn read_macro(&mut self, mac: &syn::Macro) {
        let name = mac
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        if name == "matches" {
            let parser = |input: syn::parse::ParseStream| {
                let expr: Expr = input.parse()?;
                input.parse::<Token![,]>()?;
                let pat = Pat::parse_multi_with_leading_vert(input)?;
                let guard = if input.parse::<Option<Token![if]>>()?.is_some() {
                    Some(input.parse::<Expr>()?)
                } else {
                    None
                };
                input.parse::<Option<Token![,]>>()?;
                Ok((expr, pat, guard))
            };
            if let Ok((expr, pat, guard)) = parser.parse2(mac.tokens.clone()) {
                self.visit_expr(&expr);
                self.within(Place::Pattern, |r| r.visit_pat(&pat));
                if let Some(guard) = guard {
                    self.visit_expr(&guard);
                }
                return;
            }
        }
        let exprs = Punctuated::<Expr, Token![,]>::parse_terminated;
        if name != "macro_rules" {
            if let Ok(exprs) = exprs.parse2(mac.tokens.clone()) {
                for expr in &exprs {
                    self.visit_expr(expr);
                }
                return;
            }
        }
        self.read_tokens(mac.tokens.clone());
    }

    /// Tokens that are not Rust as a whole (a view's markup): a method call
    /// is `. name (…)`, a function call `name (…)`, and an `id="…"` is an
    /// attribute. Blocks inside are tokens too.
    fn read_tokens(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        for (at, token) in tokens.iter().enumerate() {
            let before = |k: usize| at.checked_sub(k).and_then(|i| tokens.get(i));
            match token {
                TokenTree::Group(group) => {
                    // `#[…]` and `#![…]` are attributes, not code.
                    let attribute = group.delimiter() == Delimiter::Bracket
                        && matches!(before(1), Some(TokenTree::Punct(p)) if p.as_char() == '#' || p.as_char() == '!');
                    if !attribute {
                        self.read_tokens(group.stream());
                    }
                }
                TokenTree::Ident(ident) => {
                    let Some(TokenTree::Group(args)) = tokens.get(at + 1) else {
                        continue;
                    };
                    if args.delimiter() != Delimiter::Parenthesis {
                        continue;
                    }
                    let method =
                        matches!(before(1), Some(TokenTree::Punct(p)) if p.as_char() == '.');
                    let stream: Vec<TokenTree> = args.stream().into_iter().collect();
                    let count = if stream.is_empty() {
                        0
                    } else {
                        1 + stream
                            .iter()
                            .filter(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','))
                            .count()
                    };
                    let text_arg = match stream.first() {
                        Some(TokenTree::Punct(p)) => p.as_char() == '&',
                        Some(TokenTree::Literal(l)) => l.to_string().starts_with('"'),
                        _ => false,
                    };
                    // `A::b(…)`: the path back over its `::`s.
                    let mut path = ident.to_string();
                    let mut k = 1;
                    while let (Some(TokenTree::Punct(colon)), Some(TokenTree::Ident(head))) =
                        (before(k), before(k + 2))
                    {
                        if colon.as_char() != ':' {
                            break;
                        }
                        path = format!("{head}::{path}");
                        k += 3;
                    }
                    self.scan.calls.push(Call {
                        name: ident.to_string(),
                        path,
                        method,
                        args: count,
                        text_arg,
                        line: line_of(ident.span()),
                    });
                }
                TokenTree::Literal(literal) => {
                    if let Lit::Str(text) = Lit::new(literal.clone()) {
                        let punct = |k: usize, c: char| matches!(before(k), Some(TokenTree::Punct(p)) if p.as_char() == c);
                        let named = |k: usize, name: &str| matches!(before(k), Some(TokenTree::Ident(i)) if i == name);
                        // `id="…"`, not `data-id="…"`; `data-tells="…"`.
                        let is_id = punct(1, '=') && named(2, "id") && !punct(3, '-');
                        let names_rows = punct(1, '=')
                            && NAMED_ATTRIBUTES.iter().any(|a| named(2, &a[5..]))
                            && punct(3, '-')
                            && named(4, "data");
                        let place = if is_id {
                            Place::IdAttribute
                        } else if names_rows {
                            Place::NamedAttribute
                        } else {
                            self.place
                        };
                        self.within(place, |r| r.literal(text.value(), line_of(literal.span())));
                    }
                }
                TokenTree::Punct(_) => {}
            }
        }
    }
}

impl<'ast> Visit<'ast> for Reader<'_> {
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}

    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Use(u) => &u.attrs,
            syn::Item::Const(c) => &c.attrs,
            syn::Item::Static(s) => &s.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if !is_test_only(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_const(&mut self, item: &'ast syn::ItemConst) {
        self.within(Place::Constant, |r| syn::visit::visit_item_const(r, item));
    }

    fn visit_item_static(&mut self, item: &'ast syn::ItemStatic) {
        self.within(Place::Constant, |r| syn::visit::visit_item_static(r, item));
    }

    fn visit_impl_item_const(&mut self, item: &'ast syn::ImplItemConst) {
        self.within(Place::Constant, |r| {
            syn::visit::visit_impl_item_const(r, item)
        });
    }

    /// `("data-tells", Some("…"))`: an attribute of `Markup` naming rows.
    fn visit_expr_tuple(&mut self, tuple: &'ast syn::ExprTuple) {
        let names_rows = matches!(
            tuple.elems.first(),
            Some(Expr::Lit(syn::ExprLit { lit: Lit::Str(name), .. }))
                if NAMED_ATTRIBUTES.contains(&name.value().as_str())
        );
        if !names_rows {
            return syn::visit::visit_expr_tuple(self, tuple);
        }
        for (at, elem) in tuple.elems.iter().enumerate() {
            let place = if at == 0 {
                self.place
            } else {
                Place::NamedAttribute
            };
            self.within(place, |r| r.visit_expr(elem));
        }
    }

    /// A struct's field in a constant is data (a term's id, a title), not
    /// an id kept to compare with.
    fn visit_expr_struct(&mut self, expr: &'ast syn::ExprStruct) {
        self.within(Place::Other, |r| syn::visit::visit_expr_struct(r, expr));
    }

    fn visit_pat(&mut self, pat: &'ast Pat) {
        self.within(Place::Pattern, |r| syn::visit::visit_pat(r, pat));
    }

    fn visit_expr_binary(&mut self, expr: &'ast syn::ExprBinary) {
        if matches!(expr.op, syn::BinOp::Eq(_) | syn::BinOp::Ne(_)) {
            self.within(Place::Compared, |r| syn::visit::visit_expr_binary(r, expr));
        } else {
            syn::visit::visit_expr_binary(self, expr);
        }
    }

    /// A closure's or a block's body inside a comparison is not compared.
    fn visit_block(&mut self, block: &'ast syn::Block) {
        self.within(Place::Other, |r| syn::visit::visit_block(r, block));
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        if let Expr::Path(path) = &*call.func {
            if let Some(last) = path.path.segments.last() {
                let args: Vec<&Expr> = call.args.iter().collect();
                let written: Vec<String> = path
                    .path
                    .segments
                    .iter()
                    .map(|s| s.ident.to_string())
                    .collect();
                self.call(written.join("::"), false, &args, line_of(last.ident.span()));
            }
        }
        // An argument is not the comparison's side, whatever encloses it;
        // but `Some("…")` is its value.
        self.visit_expr(&call.func);
        let wraps = matches!(&*call.func, Expr::Path(p) if p.path.is_ident("Some"));
        let place = if wraps { self.place } else { Place::Other };
        self.within(place, |r| {
            for arg in &call.args {
                r.visit_expr(arg);
            }
        });
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        let args: Vec<&Expr> = call.args.iter().collect();
        self.call(
            call.method.to_string(),
            true,
            &args,
            line_of(call.method.span()),
        );
        self.visit_expr(&call.receiver);
        self.within(Place::Other, |r| {
            for arg in &call.args {
                r.visit_expr(arg);
            }
        });
    }

    fn visit_lit_str(&mut self, lit: &'ast syn::LitStr) {
        self.literal(lit.value(), line_of(lit.span()));
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.read_macro(mac);
    }
}
