//! The questions' one table: each question's variant and the id that
//! `q=`, `data-question`, `data-tells` and the report spell it with, written
//! once. The enum, its order, its spelling and its reading follow from it.

macro_rules! question_table {
    ($($variant:ident => $id:literal,)*) => {
        /// A question, by what it asks about.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum QuestionId {
            $($variant,)*
        }

        impl QuestionId {
            /// Every question, in the order the page asks them.
            pub const ALL: [QuestionId; [$($id),*].len()] = [$(QuestionId::$variant,)*];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $(QuestionId::$variant => $id,)*
                }
            }

            /// The question `q=` or `data-question` names. (A match, not a
            /// search of `ALL`: the model is compiled for speed, and the
            /// search unrolled cost the first screen's module 800 bytes; a
            /// test reads every id back.)
            #[inline(never)]
            pub fn from_id(id: &str) -> Option<QuestionId> {
                Some(match id {
                    $($id => QuestionId::$variant,)*
                    _ => return None,
                })
            }
        }
    };
}

question_table! {
    Moved => "moved",
    Modulo => "modulo",
    Busiest => "busiest",
    Failover => "failover",
    Between => "between",
    CopyHours => "copy-hours",
}

impl serde::Serialize for QuestionId {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_str(self.as_str())
    }
}
